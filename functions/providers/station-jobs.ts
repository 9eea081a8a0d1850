import { IoTClient } from '@aws-sdk/client-iot';
import { IotStationJobs } from '../adapters/iot/iot-station-jobs';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import type { StationJobs } from '../ports/station-jobs';
import { provider } from './provider';

/** Remote commands to stations as IoT jobs (IOT_THING_ARN_PREFIX); the local cloud plugs in its broker's jobs emulation. */
export const stationJobs = /* @__PURE__ */ provider<StationJobs>(() => new IotStationJobs(traced(new IoTClient({ region: awsRegion() })), setting('IOT_THING_ARN_PREFIX')));
