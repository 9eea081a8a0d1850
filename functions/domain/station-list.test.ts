import { describe, expect, it } from 'vitest';
import type { Machine } from '@shared/schemas';
import type { StationListSnapshot } from '../ports/station-list';
import { publishStationList } from './station-list';
import { memoryVendWorld } from './vend.test-fakes';

/** The file the edge serves, in memory: what was written, and how often. */
class MemorySnapshot implements StationListSnapshot {
  writes: { json: string; fingerprint: string }[] = [];
  async storedFingerprint() {
    return this.writes.at(-1)?.fingerprint ?? null;
  }
  async write(json: string, fingerprint: string) {
    this.writes.push({ json, fingerprint });
  }
  get stations(): Machine[] {
    return JSON.parse(this.writes.at(-1)!.json) as Machine[];
  }
}

describe('publishStationList', () => {
  it('writes the public list once, again only when a station changed or its status followed from time', async () => {
    const world = await memoryVendWorld(new Date('2026-03-01T08:00:00Z'), { heartbeatIntervalSeconds: 60 });
    const at = world.clock.now().toISOString();
    await world.machines.create({ id: 'HRL-00001', name: 'Sanur Beach', status: 'online', lastHeartbeat: at, heartbeatReceivedAt: at, createdAt: at, updatedAt: at });
    const snapshot = new MemorySnapshot();
    const deps = { ...world, snapshot };

    expect(await publishStationList(deps)).toEqual({ stations: 1, written: true });
    expect(snapshot.stations).toEqual([expect.objectContaining({ id: 'HRL-00001', name: 'Sanur Beach', status: 'online' })]);
    // Nothing changed: the file (and its ETag) stays.
    expect(await publishStationList(deps)).toEqual({ stations: 1, written: false });
    expect(snapshot.writes).toHaveLength(1);

    await world.machines.update('HRL-00001', { name: 'Sanur Beach North' });
    expect(await publishStationList(deps)).toMatchObject({ written: true });
    expect(snapshot.stations[0]!.name).toBe('Sanur Beach North');

    // No write at all, but the station fell silent: the next run shows it offline.
    world.clock.advance(60 * 60_000);
    expect(await publishStationList(deps)).toMatchObject({ written: true });
    expect(snapshot.stations[0]!.status).toBe('offline');
  });
});
