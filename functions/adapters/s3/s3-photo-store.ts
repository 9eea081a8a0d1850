import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { invalid } from '../../domain/errors';
import type { PhotoStore } from '../../ports/photo-store';
import { texts } from '../../domain/texts';

/**
 * Report photos in one private S3 bucket. The browser uploads with a presigned POST whose policy pins the key, the
 * content type and the size range; `uploadUrl` replaces the bucket's URL where the browser reaches storage another
 * way (the local cloud's web origin proxies its S3 emulator).
 */
export class S3PhotoStore implements PhotoStore {
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

  async read(key: string, maxBytes: number): Promise<Uint8Array | null> {
    try {
      const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((object.ContentLength ?? 0) > maxBytes) {
        object.Body?.transformToWebStream().cancel().catch(() => undefined);
        throw invalid(texts.photoTooLarge, { photoKey: 'Larger than 3 MB' });
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
