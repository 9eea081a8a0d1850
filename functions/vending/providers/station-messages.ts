import { IotDataStationMessages } from '../adapters/iot/iot-station-messages';
import { setting } from '../../platform/environment';
import type { StationMessages } from '../ports/station-messages';
import { provider } from '../../platform/providers/provider';

/** Answers to stations through the IoT data plane of the account's iot:Data-ATS endpoint (IOT_ENDPOINT); the local cloud plugs in its broker. */
export const stationMessages = /* @__PURE__ */ provider<StationMessages>(
  () => new IotDataStationMessages(`https://${setting('IOT_ENDPOINT')}`),
);
