import { iotApi } from '../../platform/adapters/iot/iot-api';
import { IotStationJobs } from '../adapters/iot/iot-station-jobs';
import { setting } from '../../platform/environment';
import type { StationJobs } from '../ports/station-jobs';
import { provider } from '../../platform/providers/provider';

/** Remote commands to stations as IoT jobs (IOT_THING_ARN_PREFIX); the local cloud plugs in its broker's jobs emulation. */
export const stationJobs = /* @__PURE__ */ provider<StationJobs>(() => new IotStationJobs(iotApi(), setting('IOT_THING_ARN_PREFIX')));
