import { STATION_LIST_MAX_AGE_SECONDS } from '@shared/constants';
import type { StationListSnapshot } from '../../ports/station-list';
import type { S3Bucket } from '@functions/platform/adapters/s3/s3-bucket';

/** The object's key: CloudFront passes the viewer's path to the bucket as it is (without the leading slash). */
const keyOf = (path: string) => path.slice(1);

/** The station list files are small; a larger object than this is not one of them. */
const MAX_LIST_BYTES = 64 * 1024 * 1024;

/**
 * The station list files in their own bucket, read by CloudFront through origin access control. The fingerprint rides
 * in each object's metadata, so an unchanged file is not written again (its ETag stays, and browsers get 304s).
 */
export class S3StationList implements StationListSnapshot {
  constructor(private readonly bucket: S3Bucket) {}

  async storedFingerprint(path: string): Promise<string | null> {
    const metadata = await this.bucket.metadata(keyOf(path));
    return metadata?.fingerprint ?? null;
  }

  async read(path: string): Promise<string | null> {
    const bytes = await this.bucket.get(keyOf(path), MAX_LIST_BYTES);
    if (bytes === 'tooLarge') throw new Error(`${path} is larger than a station list file can be`);
    return bytes && new TextDecoder().decode(bytes);
  }

  async write(path: string, json: string, fingerprint: string): Promise<void> {
    await this.bucket.put(keyOf(path), json, { contentType: 'application/json', cacheControl: `public, max-age=${STATION_LIST_MAX_AGE_SECONDS}`, metadata: { fingerprint } });
  }
}
