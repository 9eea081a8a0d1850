import { S3StationList } from '../adapters/s3/s3-station-list';
import { setting } from '../environment';
import type { StationListSnapshot } from '../ports/station-list';
import { provider } from './provider';
import { s3Client } from './s3';

/** The station list file in STATION_LIST_BUCKET. */
export const stationListSnapshot = /* @__PURE__ */ provider<StationListSnapshot>(() => new S3StationList(s3Client(), setting('STATION_LIST_BUCKET')));
