import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { STATION_LIST_CHANGE_LEASE_SECONDS, STATION_LIST_LEASE } from '@functions/stations/domain/station-list';
import { STATION_LIST_MAX_AGE_SECONDS, STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { Machine } from '@shared/schemas/machine';
import { local, testDb } from '../support/local';
import { provision, sleep, workerServices } from './stations-support';

/**
 * The public station list as a file at the edge (docs/scale.md, "The station list from the edge"), through the local
 * CloudFront: the publisher's file from the S3 emulator, compressed, with its ETag, a 304 while it is unchanged, the new list
 * once a station changed; the security headers of every response.
 */
const get = (etag?: string) => fetch(`${local().web}${STATION_LIST_SNAPSHOT_PATH}`, { headers: etag ? { 'if-none-match': etag } : {} });

/** The file as it is in the bucket: not through the local CloudFront, which runs the publisher before it answers. */
const inBucket = async (stationId: string) => {
  const { storage } = local();
  const response = await fetch(`${storage.endpoint}/${storage.stationListBucket}${STATION_LIST_SNAPSHOT_PATH}`);
  return response.ok ? ((await response.json()) as Machine[]).find((m) => m.id === stationId) : undefined;
};
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
};

describe('the station list file at the edge', () => {
  it("is rewritten from the table's stream seconds after a station changes, before any page asks for it", async () => {
    const { db, tableName } = testDb();
    const leaseUntil = async () => {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.lease(STATION_LIST_LEASE), ConsistentRead: true }));
      return Item ? Date.parse(String(Item.until)) : 0;
    };
    const provisionedAt = Date.now();
    const station = await provision('Stream List Station');
    // A publication holds the lease for a while (the station's addition is a change too, which the stream hands on a
    // moment later, unless a lease is held already): a change meanwhile waits for the schedule. Once the lease ran out,
    // a change is in the file within seconds.
    await eventually(leaseUntil, (until) => until > provisionedAt, 5_000);
    expect(await eventually(leaseUntil, (until) => until < Date.now(), (STATION_LIST_CHANGE_LEASE_SECONDS + 5) * 1000)).toBeLessThan(Date.now());
    const renamedAt = Date.now();
    await (await workerServices()).machines.update(station.machine.id, { name: 'Stream List Station (renamed)', updatedAt: new Date(renamedAt).toISOString() });
    const listed = await eventually(() => inBucket(station.machine.id), (m) => m?.name === 'Stream List Station (renamed)', 10_000);
    expect(listed?.name).toBe('Stream List Station (renamed)');
    // The minute's schedule could have published it too, but it takes no lease: one taken after the rename is the
    // change publisher's.
    expect(await leaseUntil()).toBeGreaterThan(renamedAt);
  });

  it('serves the list with an ETag and a short max-age, a 304 while unchanged, and the change once a station changed', async () => {
    const station = await provision('Edge List Station');
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${STATION_LIST_MAX_AGE_SECONDS}`);
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    // Compressed at the edge, as the behavior says (`compress`), under a weak ETag: the bytes are not the bucket's.
    expect(first.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const listed = ((await first.json()) as Machine[]).find((m) => m.id === station.machine.id);
    expect(listed).toMatchObject({ name: 'Edge List Station', status: 'online' });

    // Nothing changed: the edge answers 304 and the publisher did not write the file again.
    await sleep(1_100);
    const unchanged = await get(etag!);
    expect(unchanged.status).toBe(304);

    // A station changes: the next read after the publisher ran has it, under a new ETag.
    await (await workerServices()).machines.update(station.machine.id, { name: 'Edge List Station (moved)', updatedAt: new Date().toISOString() });
    await sleep(1_100);
    const changed = await get(etag!);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as Machine[]).find((m) => m.id === station.machine.id)?.name).toBe('Edge List Station (moved)');
  });

  it('has every change written before the request, however soon after the last one it comes', async () => {
    const station = await provision('Edge Fresh Station');
    for (let round = 1; round <= 3; round++) {
      // Another page loads the list (its publisher run may still be under way), then the station changes.
      const other = get();
      await (await workerServices()).machines.update(station.machine.id, { name: `Edge Fresh Station ${round}`, updatedAt: new Date().toISOString() });
      const next = await get();
      expect(((await next.json()) as Machine[]).find((m) => m.id === station.machine.id)?.name).toBe(`Edge Fresh Station ${round}`);
      await (await other).arrayBuffer();
    }
  });

  it('serves nothing else from the bucket, and takes no writes', async () => {
    expect((await fetch(`${local().web}/data/other.json`)).status).not.toBe(200);
    expect((await fetch(`${local().web}${STATION_LIST_SNAPSHOT_PATH}`, { method: 'PUT', body: '[]' })).status).toBe(403);
  });
});
