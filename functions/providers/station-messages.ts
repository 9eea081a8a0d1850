import { IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import { IotDataStationMessages } from '../adapters/iot/iot-station-messages';
import { traced } from '../observability';
import type { StationMessages } from '../ports/station-messages';
import { awsRegion } from '../adapters/region';
import { provider } from './provider';

/** Answers to stations through the IoT data plane (IOT_ENDPOINT = the iot:Data-ATS host); the local cloud plugs in its broker. */
export const stationMessages = provider<StationMessages>(() => {
  const endpoint = process.env.IOT_ENDPOINT;
  return new IotDataStationMessages(traced(new IoTDataPlaneClient({ region: awsRegion(), ...(endpoint ? { endpoint: `https://${endpoint}` } : {}) })));
});
