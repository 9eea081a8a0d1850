import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AwsReply } from '../aws/aws-http-api';
import { recordingSender, sdkRecorder, signatureOf, TEST_CREDENTIALS, TEST_ENV, wireShape } from '../aws/aws-http-api.test-fakes';
import { S3Bucket } from './s3-bucket';

const LOCAL_ENDPOINT = 'https://127.0.0.1:9443';
const text = (s: string) => new TextEncoder().encode(s);

/** The same calls through S3's SDK client and through S3Bucket, against AWS (virtual-hosted) and a local endpoint (path-style). */
describe.each([
  { addressing: 'virtual-hosted, at the region', env: TEST_ENV, sdk: {} },
  { addressing: 'path-style, at a local endpoint', env: { ...TEST_ENV, AWS_ENDPOINT_URL_S3: LOCAL_ENDPOINT }, sdk: { endpoint: LOCAL_ENDPOINT, forcePathStyle: true } },
])('an S3 bucket $addressing', ({ env, sdk: sdkConfig }) => {
  const bucket = (...replies: Partial<AwsReply>[]) => {
    const sender = recordingSender(...replies);
    return { ...sender, bucket: new S3Bucket('refill-files', { env, credentials: async () => TEST_CREDENTIALS, send: sender.send }) };
  };
  const sdkRequest = async (command: { input: object }, reply?: Parameters<typeof sdkRecorder>[0]) => {
    const sdk = sdkRecorder(reply);
    await new S3Client({ ...sdk.config, ...sdkConfig }).send(command as never).catch(() => undefined);
    return sdk.requests[0]!;
  };
  afterEach(() => vi.useRealTimers());

  it("reads an object as S3's SDK client does, at most the bytes asked for", async () => {
    const ours = bucket({ body: text('{"a":1}') });
    await expect(ours.bucket.get('machines/tiles/a b.json', 1000)).resolves.toEqual(text('{"a":1}'));
    const expected = await sdkRequest(new GetObjectCommand({ Bucket: 'refill-files', Key: 'machines/tiles/a b.json', Range: 'bytes=0-1000' }), { body: '{"a":1}' });
    expect(wireShape(ours.requests[0]!)).toEqual(wireShape(expected));
    expect(signatureOf(ours.requests[0]!).scope).toBe('ap-southeast-1/s3/aws4_request');
    expect(ours.requests[0]!.headers['x-amz-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('tells a larger object, a missing one and an empty one apart', async () => {
    await expect(bucket({ body: text('12345') }).bucket.get('k', 4)).resolves.toBe('tooLarge');
    const missing = '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';
    await expect(bucket({ status: 404, body: text(missing) }).bucket.get('k', 4)).resolves.toBeNull();
    await expect(bucket({ status: 416, body: text('<Error><Code>InvalidRange</Code></Error>') }).bucket.get('k', 4)).resolves.toEqual(new Uint8Array());
    await expect(bucket({ status: 403, body: text('<Error><Code>AccessDenied</Code></Error>') }).bucket.get('k', 4)).rejects.toMatchObject({ code: 'AccessDenied' });
  });

  it("writes an object with its type, caching and metadata as S3's SDK client does", async () => {
    const ours = bucket();
    await ours.bucket.put('machines.json', '[]', { contentType: 'application/json', cacheControl: 'public, max-age=30', metadata: { fingerprint: 'f1' } });
    const expected = await sdkRequest(new PutObjectCommand({ Bucket: 'refill-files', Key: 'machines.json', Body: '[]', ContentType: 'application/json', CacheControl: 'public, max-age=30', Metadata: { fingerprint: 'f1' } }));
    expect(wireShape(ours.requests[0]!)).toEqual(wireShape(expected));
    // The payload is signed (S3 checks its hash), not sent as UNSIGNED-PAYLOAD.
    expect(ours.requests[0]!.headers['x-amz-content-sha256']).toBe('4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945');
  });

  it("reads an object's metadata and deletes an object as S3's SDK client does", async () => {
    const ours = bucket({ headers: { 'x-amz-meta-fingerprint': 'f1', 'content-type': 'application/json' } });
    await expect(ours.bucket.metadata('machines.json')).resolves.toEqual({ fingerprint: 'f1' });
    await ours.bucket.delete('reports/r1/photo.jpg');
    expect(wireShape(ours.requests[0]!)).toEqual(wireShape(await sdkRequest(new HeadObjectCommand({ Bucket: 'refill-files', Key: 'machines.json' }))));
    expect(wireShape(ours.requests[1]!)).toEqual(wireShape(await sdkRequest(new DeleteObjectCommand({ Bucket: 'refill-files', Key: 'reports/r1/photo.jpg' }))));
    await expect(bucket({ status: 404 }).bucket.metadata('none')).resolves.toBeNull();
  });

  it("presigns a download with its file name: the very URL S3's SDK presigner makes", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:15:00Z'), toFake: ['Date'] });
    const disposition = 'inline; filename="lab report.pdf"';
    const ours = await bucket().bucket.presignGet('labs/HRL-1/r.pdf', 300, { 'response-content-disposition': disposition });
    const sdk = sdkRecorder();
    const expected = await getSignedUrl(new S3Client({ ...sdk.config, ...sdkConfig }), new GetObjectCommand({ Bucket: 'refill-files', Key: 'labs/HRL-1/r.pdf', ResponseContentDisposition: disposition }), { expiresIn: 300 });
    expect(ours).toBe(expected);
  });

  it("presigns an upload form: the very URL, fields and policy S3's SDK makes", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:15:00Z'), toFake: ['Date'] });
    const conditions = [['content-length-range', 1, 5_000_000], ['eq', '$Content-Type', 'image/jpeg']];
    const ours = await bucket().bucket.presignPost('reports/r1/photo.jpg', { conditions, fields: { 'Content-Type': 'image/jpeg' }, expiresInSeconds: 600 });
    const sdk = sdkRecorder();
    const expected = await createPresignedPost(new S3Client({ ...sdk.config, ...sdkConfig }), { Bucket: 'refill-files', Key: 'reports/r1/photo.jpg', Conditions: conditions as never, Fields: { 'Content-Type': 'image/jpeg' }, Expires: 600 });
    expect(ours).toEqual(expected);
  });
});
