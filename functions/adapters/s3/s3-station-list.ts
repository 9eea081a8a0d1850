import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { STATION_LIST_MAX_AGE_SECONDS, STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { StationListSnapshot } from '../../ports/station-list';

/** The object's key: CloudFront passes the viewer's path to the bucket as it is (without the leading slash). */
const KEY = STATION_LIST_SNAPSHOT_PATH.slice(1);

/**
 * The station list file in its own bucket, read by CloudFront through origin access control. The fingerprint rides
 * in the object's metadata, so an unchanged list is not written again (its ETag stays, and browsers get 304s).
 */
export class S3StationList implements StationListSnapshot {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async storedFingerprint(): Promise<string | null> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: KEY }));
      return head.Metadata?.fingerprint ?? null;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async write(json: string, fingerprint: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({
      Bucket: this.bucket,
      Key: KEY,
      Body: json,
      ContentType: 'application/json',
      CacheControl: `public, max-age=${STATION_LIST_MAX_AGE_SECONDS}`,
      Metadata: { fingerprint },
    }));
  }
}
