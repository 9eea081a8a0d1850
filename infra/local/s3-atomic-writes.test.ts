import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorage } from './storage';

describe('the local S3 emulator replaces an object whole, as S3 does', () => {
  let storage: Awaited<ReturnType<typeof startStorage>>;
  let s3: S3Client;
  beforeAll(async () => {
    storage = await startStorage({});
    s3 = new S3Client({ endpoint: storage.endpoint, region: 'ap-southeast-1', forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  });
  afterAll(async () => {
    s3.destroy();
    await storage.stop();
  });

  it('a read during rewrites gets one version whole: its bytes, length and ETag agree', async () => {
    const versions = [Buffer.alloc(400_000, 'a'), Buffer.alloc(30_000, 'b')];
    const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
    const put = (bytes: Buffer) => s3.send(new PutObjectCommand({ Bucket: storage.stationListBucket, Key: 'data/stations.json', Body: bytes, ContentType: 'application/json' }));
    await put(versions[0]!);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 40; i++) await put(versions[i % 2]!);
      writing = false;
    })();
    const seen: string[] = [];
    const reader = async () => {
      while (writing) {
        try {
          const response = await fetch(`${storage.endpoint}/${storage.stationListBucket}/data/stations.json`);
          const body = Buffer.from(await response.arrayBuffer());
          const whole = versions.some((v) => v.equals(body));
          seen.push(`${response.status} ${whole ? 'whole' : `broken (${body.length} bytes)`} ${response.headers.get('etag') === `"${md5(body)}"` ? 'etag ok' : 'etag wrong'}`);
        } catch (error) {
          seen.push(`failed: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all([writer, reader(), reader(), reader()]);
    expect(seen.length).toBeGreaterThan(20);
    expect(new Set(seen)).toEqual(new Set(['200 whole etag ok']));
    const last = await s3.send(new GetObjectCommand({ Bucket: storage.stationListBucket, Key: 'data/stations.json' }));
    expect(last.ContentType).toBe('application/json');
    expect(Buffer.from(await last.Body!.transformToByteArray()).equals(versions[1]!)).toBe(true);
  });
});
