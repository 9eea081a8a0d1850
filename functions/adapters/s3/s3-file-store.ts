import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore } from '../../ports/file-store';

/**
 * Uploaded files in one private S3 bucket. The browser uploads with a presigned POST whose policy pins the key, the
 * content type and the size range; `uploadUrl` replaces the bucket's URL where the browser reaches storage another
 * way (the local cloud's web origin proxies its S3 emulator). Downloads are presigned GETs of the bucket itself.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly uploadUrl?: string,
  ) {}

  async presignUpload(key: string, contentType: string, maxBytes: number, expiresInSeconds: number) {
    const { url, fields } = await createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', contentType]],
      Fields: { 'Content-Type': contentType },
      Expires: expiresInSeconds,
    });
    return { url: this.uploadUrl ?? url, fields };
  }

  async presignDownload(key: string, fileName: string, expiresInSeconds: number): Promise<string> {
    const get = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: `inline; filename="${fileName.replace(/["\\]/g, '')}"` });
    return getSignedUrl(this.s3, get, { expiresIn: expiresInSeconds });
  }

  async read(key: string, maxBytes: number): Promise<Uint8Array | 'tooLarge' | null> {
    try {
      const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((object.ContentLength ?? 0) > maxBytes) {
        object.Body?.transformToWebStream().cancel().catch(() => undefined);
        return 'tooLarge';
      }
      return (await object.Body?.transformToByteArray()) ?? null;
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async write(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async remove(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
