import { iotApi } from '../../platform/adapters/iot/iot-api';
import { IotStationRegistry } from '../adapters/iot/iot-station-registry';
import { setting } from '../../platform/environment';
import type { StationRegistry } from '../ports/station-registry';
import { provider } from '../../platform/providers/provider';

/** Station identities: IoT things and certificates (IOT_POLICY_NAME, IOT_THING_TYPE_NAME, IOT_ENDPOINT); the local cloud plugs in its CA. */
export const stationRegistry = /* @__PURE__ */ provider<StationRegistry>(
  () =>
    new IotStationRegistry(iotApi(), {
      policyName: setting('IOT_POLICY_NAME'),
      thingTypeName: setting('IOT_THING_TYPE_NAME'),
      endpoint: setting('IOT_ENDPOINT'),
    }),
);
