import { escapeUriPath } from '@smithy/core/protocols';
import { AwsHttpApi, type AwsCall, type AwsHttpApiOptions } from '../aws/aws-http-api';

/** S3's own SigV4 date format (`20261127T101500Z`). */
const amzDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/**
 * One S3 bucket through S3's REST API, without the SDK's S3 client (docs/scale.md, "The SDK's unused operations, and
 * calls without its clients"): the object operations and presigned addresses this app uses, each as the SDK's S3
 * client sends it (s3-bucket.test.ts compares them). Against the region's endpoint the bucket is addressed
 * virtual-hosted (`<bucket>.s3.<region>.amazonaws.com`); where AWS_ENDPOINT_URL_S3 names another endpoint (the local
 * cloud's S3 emulator, the parity suite), path-style, as the SDK addresses an endpoint on an IP address.
 */
export class S3Bucket {
  private readonly api: AwsHttpApi;
  private readonly pathStyle: boolean;

  constructor(
    readonly name: string,
    options: AwsHttpApiOptions = {},
  ) {
    this.api = AwsHttpApi.regional({ signingName: 's3', variable: 'S3', host: 's3' }, options);
    this.pathStyle = this.api.endpoint.host !== `s3.${this.api.region}.amazonaws.com`;
  }

  /** The object's address: its path and the host it is sent to. */
  private at(key = ''): { path: string; host: string } {
    const encodedKey = escapeUriPath(key);
    return this.pathStyle
      ? { path: `/${this.name}${key ? `/${encodedKey}` : ''}`, host: this.api.endpoint.host }
      : { path: `/${encodedKey}`, host: `${this.name}.${this.api.endpoint.host}` };
  }

  private call(key: string, call: Omit<AwsCall, 'path'>) {
    const { path, host } = this.at(key);
    return this.api.call({ ...call, path }, host);
  }

  /**
   * The object's bytes, at most `maxBytes` of them (a ranged GET: a larger object is not read whole), 'tooLarge' when
   * it has more, null when there is no such object.
   */
  async get(key: string, maxBytes: number): Promise<Uint8Array | 'tooLarge' | null> {
    try {
      const reply = await this.call(key, { method: 'GET', query: { 'x-id': 'GetObject' }, headers: { range: `bytes=0-${maxBytes}` } });
      return reply.body.byteLength > maxBytes ? 'tooLarge' : reply.body;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'NoSuchKey') return null;
      // A range of an empty object cannot be satisfied: it is there, with no bytes.
      if (code === 'InvalidRange') return new Uint8Array();
      throw error;
    }
  }

  /** The object's metadata (`x-amz-meta-*` without the prefix), null when there is no such object. */
  async metadata(key: string): Promise<Record<string, string> | null> {
    try {
      const { headers } = await this.call(key, { method: 'HEAD' });
      return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('x-amz-meta-')).map(([name, value]) => [name.slice('x-amz-meta-'.length), value]));
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }

  async put(key: string, body: Uint8Array | string, headers: { contentType: string; cacheControl?: string; metadata?: Record<string, string> }): Promise<void> {
    await this.call(key, {
      method: 'PUT',
      query: { 'x-id': 'PutObject' },
      headers: {
        'content-type': headers.contentType,
        ...(headers.cacheControl ? { 'cache-control': headers.cacheControl } : {}),
        ...Object.fromEntries(Object.entries(headers.metadata ?? {}).map(([name, value]) => [`x-amz-meta-${name}`, value])),
      },
      body,
    });
  }

  async delete(key: string): Promise<void> {
    await this.call(key, { method: 'DELETE', query: { 'x-id': 'DeleteObject' } });
  }

  /** A presigned GET of the object; `responseHeaders` are the `response-*` overrides (a download's file name). */
  presignGet(key: string, expiresInSeconds: number, responseHeaders: Record<string, string> = {}): Promise<string> {
    const { path, host } = this.at(key);
    // S3 does not hash what it sends; the checksum mode is what the SDK's presigner asks for too.
    const query = { ...responseHeaders, 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' };
    return this.api.presign({ method: 'GET', path, query, headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' } }, expiresInSeconds, host);
  }

  /**
   * A presigned POST (browser upload) of exactly `key`: the form's URL and fields, the policy holding `conditions`,
   * `fields` and the signature's own fields, in the order the SDK's createPresignedPost writes them.
   */
  async presignPost(key: string, options: { conditions: unknown[]; fields: Record<string, string>; expiresInSeconds: number }) {
    const now = new Date();
    const { accessKeyId, sessionToken } = await this.api.credentialsNow();
    const fields: Record<string, string> = {
      ...options.fields,
      bucket: this.name,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${accessKeyId}/${amzDate(now).slice(0, 8)}/${this.api.region}/s3/aws4_request`,
      'X-Amz-Date': amzDate(now),
      ...(sessionToken ? { 'X-Amz-Security-Token': sessionToken } : {}),
    };
    const conditions = [...options.conditions, ...Object.entries(fields).map(([name, value]) => ({ [name]: value })), { key }];
    const expiration = new Date(now.valueOf() + options.expiresInSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const policy = Buffer.from(JSON.stringify({ expiration, conditions }), 'utf8').toString('base64');
    const { path, host } = this.at();
    return {
      url: `${this.api.endpoint.protocol}//${host}${path}`,
      fields: { ...fields, key, Policy: policy, 'X-Amz-Signature': await this.api.signText(policy, now) },
    };
  }
}
