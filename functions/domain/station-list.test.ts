import { describe, expect, it, vi } from 'vitest';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { Machine } from '@shared/schemas';
import type { Leases } from '../ports/leases';
import type { MachineRecord } from '../ports/machines';
import type { StationListSnapshot } from '../ports/station-list';
import { publishChangedStations, publishStationList, STATION_LIST_CHANGE_LEASE_SECONDS } from './station-list';
import { memoryVendWorld } from './vend.test-fakes';

/** The files the edge serves, in memory: what was written to the list file and how often, and every write. */
class MemorySnapshot implements StationListSnapshot {
  readonly files = new Map<string, { json: string; fingerprint: string }>();
  readonly allWrites: string[] = [];
  writes: { json: string; fingerprint: string }[] = [];
  async storedFingerprint(path: string) {
    return this.files.get(path)?.fingerprint ?? null;
  }
  async read(path: string) {
    return this.files.get(path)?.json ?? null;
  }
  async write(path: string, json: string, fingerprint: string) {
    this.files.set(path, { json, fingerprint });
    this.allWrites.push(path);
    if (path === STATION_LIST_SNAPSHOT_PATH) this.writes.push({ json, fingerprint });
  }
  get stations(): Machine[] {
    return JSON.parse(this.writes.at(-1)!.json) as Machine[];
  }
}

/** One lease at a time, held until its time passes. */
class MemoryLeases implements Leases {
  readonly until = new Map<string, Date>();
  async claim(name: string, now: Date, until: Date) {
    const held = this.until.get(name);
    if (held && held > now) return false;
    this.until.set(name, until);
    return true;
  }
}

describe('publishStationList', () => {
  it('writes the public list once, again only when a station changed or its status followed from time', async () => {
    const world = await memoryVendWorld(new Date('2026-03-01T08:00:00Z'), { heartbeatIntervalSeconds: 60 });
    const at = world.clock.now().toISOString();
    await world.machines.create({ id: 'HRL-00001', name: 'Sanur Beach', status: 'online', lastHeartbeat: at, heartbeatReceivedAt: at, createdAt: at, updatedAt: at });
    const snapshot = new MemorySnapshot();
    const deps = { ...world, snapshot };

    expect(await publishStationList(deps)).toEqual({ stations: 1, written: true, tilesWritten: 0 });
    expect(snapshot.stations).toEqual([expect.objectContaining({ id: 'HRL-00001', name: 'Sanur Beach', status: 'online' })]);
    // Nothing changed: the file (and its ETag) stays.
    expect(await publishStationList(deps)).toEqual({ stations: 1, written: false, tilesWritten: 0 });
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

describe('publishChangedStations (the table stream of station items)', () => {
  const setUp = async () => {
    const world = await memoryVendWorld(new Date('2026-03-01T08:00:00Z'), { heartbeatIntervalSeconds: 300 });
    const at = world.clock.now().toISOString();
    const station: MachineRecord = { id: 'HRL-00001', name: 'Sanur Beach', status: 'online', waterLevel: 80, lastHeartbeat: at, heartbeatReceivedAt: at, createdAt: at, updatedAt: at };
    await world.machines.create(station);
    const snapshot = new MemorySnapshot();
    await publishStationList({ ...world, snapshot });
    return { world, station, snapshot, deps: { ...world, snapshot, leases: new MemoryLeases() } };
  };

  it('leaves a heartbeat (new readings only) to the schedule: no read of the list, no write', async () => {
    const { world, station, snapshot, deps } = await setUp();
    world.clock.advance(60_000);
    const later = world.clock.now().toISOString();
    const heartbeat = { ...station, waterLevel: 64, lastHeartbeat: later, heartbeatReceivedAt: later, updatedAt: later, quality: { tdsPpm: 20, temperatureC: 28 } };
    const list = vi.spyOn(world.machines, 'list');
    expect(await publishChangedStations([{ before: station, after: heartbeat }], deps)).toEqual({ outcome: 'ignored', changed: 0 });
    expect(list).not.toHaveBeenCalled();
    expect(snapshot.writes).toHaveLength(1);
  });

  it('publishes a rename, a lock, a new station and a removed one at once', async () => {
    const { world, station, snapshot, deps } = await setUp();
    await world.machines.update(station.id, { name: 'Sanur Beach North' });
    expect(await publishChangedStations([{ before: station, after: { ...station, name: 'Sanur Beach North' } }], deps)).toEqual({ outcome: 'written', changed: 1 });
    expect(snapshot.stations[0]!.name).toBe('Sanur Beach North');

    for (const [change, wanted] of [
      [{ before: station, after: { ...station, status: 'locked' } }, 1],
      [{ before: null, after: { ...station, id: 'HRL-00002' } }, 1],
      [{ before: station, after: null }, 1],
      [{ before: station, after: station }, 0],
    ] as const) {
      world.clock.advance(STATION_LIST_CHANGE_LEASE_SECONDS * 1000);
      expect((await publishChangedStations([change], deps)).changed).toBe(wanted);
    }
  });

  it('reads the list once per lease: a change meanwhile is left to the next publication or the schedule, never waited for', async () => {
    const { world, station, snapshot, deps } = await setUp();
    const renamed = (name: string) => ({ before: station, after: { ...station, name } });
    await world.machines.update(station.id, { name: 'First' });
    expect((await publishChangedStations([renamed('First')], deps)).outcome).toBe('written');
    await world.machines.update(station.id, { name: 'Second' });
    world.clock.advance(STATION_LIST_CHANGE_LEASE_SECONDS * 1000 - 1);
    const list = vi.spyOn(world.machines, 'list');
    expect(await publishChangedStations([renamed('Second')], deps)).toEqual({ outcome: 'deferred', changed: 1 });
    expect(list).not.toHaveBeenCalled();
    expect(snapshot.stations[0]!.name).toBe('First');
    world.clock.advance(1);
    expect((await publishChangedStations([renamed('Second')], deps)).outcome).toBe('written');
    expect(snapshot.stations[0]!.name).toBe('Second');
  });
});
