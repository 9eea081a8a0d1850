import { readdirSync, readlinkSync } from 'node:fs';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorage } from './storage';

/**
 * Files of this process that are an object's bytes in this emulator's store (not another's: the files of a worker
 * share it, and an earlier file's emulator may still be closing its own).
 */
const openObjectFiles = (directory: string) => readdirSync('/proc/self/fd').filter((fd) => {
  try {
    const path = readlinkSync(`/proc/self/fd/${fd}`);
    return path.startsWith(directory) && path.endsWith('_S3rver_object');
  } catch {
    return false;
  }
}).length;

describe('the local S3 emulator closes what it does not send', () => {
  let storage: Awaited<ReturnType<typeof startStorage>>;
  let s3: S3Client;
  beforeAll(async () => {
    storage = await startStorage({});
    s3 = new S3Client({ endpoint: storage.endpoint, region: 'ap-southeast-1', forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await s3.send(new PutObjectCommand({ Bucket: storage.stationListBucket, Key: 'data/stations/0_-9_115.json', Body: '[]', ContentType: 'application/json' }));
  });
  afterAll(async () => {
    s3.destroy();
    await storage.stop();
  });

  it('keeps no object file open after 304s, full reads and HEADs', async () => {
    const url = `${storage.endpoint}/${storage.stationListBucket}/data/stations/0_-9_115.json`;
    const first = await fetch(url);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 60 }, async (_, i) => {
        const response = await fetch(url, { method: i % 3 === 2 ? 'HEAD' : 'GET', headers: i % 3 === 0 ? { 'if-none-match': etag } : {} });
        await response.arrayBuffer();
        return response.status;
      }));
      expect(new Set(answers)).toEqual(new Set([304, 200]));
    }
    // Every file this emulator opened is closed once its answers are done (a stream closes a moment after its end):
    // a leak keeps one open for good.
    await expect.poll(() => openObjectFiles(storage.directory), { timeout: 2_000, interval: 50 }).toBe(0);
  });
});
