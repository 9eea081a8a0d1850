import { describe, expect, it } from 'vitest';
import { STATION_LIST_MAX_AGE_SECONDS, STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { Machine } from '@shared/schemas';
import { local } from '../support/local';
import { provision, sleep, workerServices } from './stations-support';

/**
 * The public station list as a file at the edge (docs/scale.md, "The station list from the edge"), through the local
 * CloudFront: the publisher's file from the S3 emulator with its ETag, a 304 while it is unchanged, the new list
 * once a station changed; the security headers of every response.
 */
const get = (etag?: string) => fetch(`${local().web}${STATION_LIST_SNAPSHOT_PATH}`, { headers: etag ? { 'if-none-match': etag } : {} });

describe('the station list file at the edge', () => {
  it('serves the list with an ETag and a short max-age, a 304 while unchanged, and the change once a station changed', async () => {
    const station = await provision('Edge List Station');
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${STATION_LIST_MAX_AGE_SECONDS}`);
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
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
