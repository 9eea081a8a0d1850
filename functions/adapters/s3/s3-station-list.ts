import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { STATION_LIST_MAX_AGE_SECONDS } from '@shared/constants';
import type { StationListSnapshot } from '../../ports/station-list';

/** The object's key: CloudFront passes the viewer's path to the bucket as it is (without the leading slash). */
const keyOf = (path: string) => path.slice(1);
const isMissing = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * The station list files in their own bucket, read by CloudFront through origin access control. The fingerprint rides
 * in each object's metadata, so an unchanged file is not written again (its ETag stays, and browsers get 304s).
 */
export class S3StationList implements StationListSnapshot {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async storedFingerprint(path: string): Promise<string | null> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: keyOf(path) }));
      return head.Metadata?.fingerprint ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(path: string): Promise<string | null> {
    try {
      const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: keyOf(path) }));
      return (await object.Body?.transformToString('utf-8')) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async write(path: string, json: string, fingerprint: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({
      Bucket: this.bucket,
      Key: keyOf(path),
      Body: json,
      ContentType: 'application/json',
      CacheControl: `public, max-age=${STATION_LIST_MAX_AGE_SECONDS}`,
      Metadata: { fingerprint },
    }));
  }
}
