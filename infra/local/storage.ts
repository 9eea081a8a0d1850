import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './net';
import { makeWritesAtomic } from './s3-atomic-writes';
import { closeUnsentObjects } from './s3-unsent-objects';

/** The bucket of report photos in the local cloud (FILES_BUCKET). */
const LOCAL_PHOTO_BUCKET = 'report-photos';
/** The bucket of the public station list file (STATION_LIST_BUCKET). */
const LOCAL_STATION_LIST_BUCKET = 'station-list';

/**
 * s3rver, an S3-compatible emulator, on loopback: the report photos' and the station list's buckets (kept in `<dataDir>/s3` with npm start).
 * It knows the local cloud's credentials (local/local, as every local service) besides its own; it does not enforce a
 * presigned POST's conditions, so the handlers check size and type themselves (as they do in AWS too).
 */
export async function startStorage(options: { dataDir?: string }): Promise<{ endpoint: string; bucket: string; stationListBucket: string; directory: string; stop(): Promise<void> }> {
  const directory = options.dataDir ? join(options.dataDir, 's3') : mkdtempSync(join(tmpdir(), 'refill-s3-'));
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  const { DUMMY_ACCOUNT } = createRequire(import.meta.url)('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  DUMMY_ACCOUNT.createKeyPair('local', 'local');
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: LOCAL_PHOTO_BUCKET }, { name: LOCAL_STATION_LIST_BUCKET }],
  });
  const staging = `${directory}.writing`;
  const { store } = server as unknown as { store: Parameters<typeof makeWritesAtomic>[0] };
  makeWritesAtomic(store, staging);
  closeUnsentObjects(server as unknown as Parameters<typeof closeUnsentObjects>[0], store);
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: LOCAL_PHOTO_BUCKET,
    stationListBucket: LOCAL_STATION_LIST_BUCKET,
    /** Where the emulator keeps the objects. */
    directory,
    stop: async () => {
      await server.close();
      rmSync(staging, { recursive: true, force: true });
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}
