import { createHash } from 'node:crypto';
import type { AwsHandler, AwsRequest, AwsResponse } from './http';

const xmlError = (code: string, message: string, status: number): AwsResponse => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
});

interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  metadata: Record<string, string>;
  etag: string;
  lastModified: string;
}

/** `/<bucket>/<key>` (path-style, as the SDK addresses an endpoint on an IP address) split into bucket and key. */
export function s3Location(request: Pick<AwsRequest, 'path'>): { bucket: string; key: string } {
  const [bucket = '', ...key] = request.path.replace(/^\//, '').split('/');
  return { bucket: decodeURIComponent(bucket), key: key.map(decodeURIComponent).join('/') };
}

/**
 * The parity suite's stand-in for S3's object operations (path-style REST): HeadObject, GetObject, PutObject and DeleteObject in
 * the buckets the template creates, with metadata, Cache-Control and an MD5 ETag as S3 keeps them. The local cloud
 * itself runs s3rver (infra/local/storage.ts); this one lives in memory behind the recorder, which checks each call
 * against the function's role first.
 */
export class LocalObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();

  createBucket(name: string): void {
    if (!this.buckets.has(name)) this.buckets.set(name, new Map());
  }

  readonly handle: AwsHandler = async (request) => {
    const { bucket, key } = s3Location(request);
    const objects = this.buckets.get(bucket);
    if (!objects) return xmlError('NoSuchBucket', 'The specified bucket does not exist', 404);
    if (!key) return xmlError('NotImplemented', 'The parity S3 serves object operations only', 501);
    switch (request.method) {
      case 'PUT': {
        const metadata = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.startsWith('x-amz-meta-')).map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]));
        const etag = `"${createHash('md5').update(request.body).digest('hex')}"`;
        objects.set(key, {
          body: request.body,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: request.headers['cache-control'] as string | undefined,
          metadata,
          etag,
          lastModified: new Date().toUTCString(),
        });
        return { status: 200, headers: { etag } };
      }
      case 'HEAD':
      case 'GET': {
        const object = objects.get(key);
        if (!object) return request.method === 'HEAD' ? { status: 404 } : xmlError('NoSuchKey', 'The specified key does not exist.', 404);
        const headers: Record<string, string> = {
          'content-type': object.contentType,
          etag: object.etag,
          'last-modified': object.lastModified,
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
          ...Object.fromEntries(Object.entries(object.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value])),
        };
        return { status: 200, headers, body: request.method === 'HEAD' ? undefined : object.body };
      }
      case 'DELETE':
        // As S3: deleting a key that is not there succeeds too.
        objects.delete(key);
        return { status: 204 };
      default:
        return xmlError('NotImplemented', `The parity S3 does not implement ${request.method}`, 501);
    }
  };
}
