import { IoTClient } from '@aws-sdk/client-iot';
import { IotStationRegistry } from '../adapters/iot/iot-station-registry';
import { traced } from '../observability';
import type { StationRegistry } from '../ports/station-registry';
import { awsRegion } from '../adapters/region';
import { provider } from './provider';

/** Station identities: IoT things and certificates (IOT_POLICY_NAME, IOT_THING_TYPE_NAME, IOT_ENDPOINT); the local cloud plugs in its CA. */
export const stationRegistry = provider<StationRegistry>(() => {
  const { IOT_POLICY_NAME: policyName, IOT_THING_TYPE_NAME: thingTypeName, IOT_ENDPOINT: endpoint } = process.env;
  if (!policyName) return { provision: () => Promise.reject(new Error('Station provisioning is not configured: set IOT_POLICY_NAME (AWS) or start the local cloud')) };
  return new IotStationRegistry(traced(new IoTClient({ region: awsRegion() })), { policyName, thingTypeName: thingTypeName || undefined, endpoint: endpoint || undefined });
});
