import type { FileStore } from '../../ports/file-store';
import type { S3Bucket } from './s3-bucket';

/**
 * Uploaded files in one private S3 bucket. The browser uploads with a presigned POST whose policy pins the key, the
 * content type and the size range; `uploadUrl` replaces the bucket's URL where the browser reaches storage another
 * way (the local cloud's web origin proxies its S3 emulator). Downloads are presigned GETs of the bucket itself.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly bucket: S3Bucket,
    private readonly uploadUrl?: string,
  ) {}

  async presignUpload(key: string, contentType: string, maxBytes: number, expiresInSeconds: number) {
    const { url, fields } = await this.bucket.presignPost(key, {
      conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', contentType]],
      fields: { 'Content-Type': contentType },
      expiresInSeconds,
    });
    return { url: this.uploadUrl ?? url, fields };
  }

  presignDownload(key: string, fileName: string, expiresInSeconds: number): Promise<string> {
    return this.bucket.presignGet(key, expiresInSeconds, { 'response-content-disposition': `inline; filename="${fileName.replace(/["\\]/g, '')}"` });
  }

  read(key: string, maxBytes: number): Promise<Uint8Array | 'tooLarge' | null> {
    return this.bucket.get(key, maxBytes);
  }

  write(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    return this.bucket.put(key, bytes, { contentType });
  }

  remove(key: string): Promise<void> {
    return this.bucket.delete(key);
  }
}
