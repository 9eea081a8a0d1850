import { S3Bucket } from '../../platform/adapters/s3/s3-bucket';
import { S3StationList } from '../adapters/s3/s3-station-list';
import { setting } from '../../platform/environment';
import type { StationListSnapshot } from '../ports/station-list';
import { provider } from '../../platform/providers/provider';

/** The station list file in STATION_LIST_BUCKET. */
export const stationListSnapshot = /* @__PURE__ */ provider<StationListSnapshot>(() => new S3StationList(new S3Bucket(setting('STATION_LIST_BUCKET'))));
