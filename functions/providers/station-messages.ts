import { IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import { IotDataStationMessages } from '../adapters/iot/iot-station-messages';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import type { StationMessages } from '../ports/station-messages';
import { provider } from './provider';

/** Answers to stations through the IoT data plane of the account's iot:Data-ATS endpoint (IOT_ENDPOINT); the local cloud plugs in its broker. */
export const stationMessages = /* @__PURE__ */ provider<StationMessages>(
  () => new IotDataStationMessages(traced(new IoTDataPlaneClient({ region: awsRegion(), endpoint: `https://${setting('IOT_ENDPOINT')}` }))),
);
