import { describe, expect, it, vi } from 'vitest';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { Machine } from '@shared/schemas/machine';
import type { Leases } from '../../platform/ports/leases';
import type { MachineRecord } from '../ports/machines';
import type { StationListSnapshot } from '../ports/station-list';
import { parseCoordinates } from '@shared/geo';
import {
  cellKey,
  inTile,
  isTiledStationList,
  STATION_LIST_TILE_THRESHOLD,
  STATION_TILE_MAX_LEVEL,
  STATION_TILE_MAX_STATIONS,
  stationTilePath,
  UNPLACED_TILE,
  type StationListFile,
} from '@shared/station-tiles';
import { publishChangedStations, publishStationList, STATION_LIST_CHANGE_LEASE_SECONDS } from './station-list';
import { memoryVendWorld } from '../../vending/domain/vend.test-fakes';

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

  it("records the fleet's highest price per litre, a hidden station's and the default's included, and writes it only when it changed", async () => {
    const world = await memoryVendWorld(new Date('2026-03-01T08:00:00Z'), { pricePerLitre: 1_000 });
    const at = world.clock.now().toISOString();
    await world.machines.create({ id: 'HRL-00001', name: 'Sanur Beach', status: 'online', lastHeartbeat: at, createdAt: at, updatedAt: at });
    const deps = { ...world, snapshot: new MemorySnapshot() };
    await publishStationList(deps);
    expect(world.fleetPrices.recorded).toBe(1_000);

    // A station off the public lists still serves pay codes: its price counts.
    await world.machines.create({ id: 'HRL-00002', name: 'Test bench', status: 'online', lastHeartbeat: at, pricePerLitre: 2_500, hidden: true, createdAt: at, updatedAt: at });
    await publishStationList(deps);
    expect(world.fleetPrices.recorded).toBe(2_500);
    expect(deps.snapshot.stations.map((station) => station.id)).toEqual(['HRL-00001']);
    await publishStationList(deps);
    expect(world.fleetPrices.writes).toBe(2);

    await world.machines.update('HRL-00002', { pricePerLitre: 800 });
    await publishStationList(deps);
    expect(world.fleetPrices.recorded).toBe(1_000);
  });
});

describe('publishStationList above STATION_LIST_TILE_THRESHOLD stations (area tiles)', () => {
  /** Every tenth station without coordinates; of the others, half packed around Kuta (0.05° square), half spread over Bali. */
  const positionOf = (i: number) => {
    if (i % 10 === 9) return {};
    const [latitude, longitude] = i % 2 ? [-8.2 - (i % 53) * 0.012, 114.5 + (i % 97) * 0.012] : [-8.72 + (i % 37) * 0.0013, 115.17 + (i % 41) * 0.0011];
    return { latitude: latitude.toFixed(4), longitude: longitude.toFixed(4) };
  };
  const fleet = async (count: number) => {
    const world = await memoryVendWorld(new Date('2026-03-01T08:00:00Z'), { heartbeatIntervalSeconds: 300 });
    const at = world.clock.now().toISOString();
    for (let i = 0; i < count; i++) {
      await world.machines.create({ id: `HRL-${String(i).padStart(5, '0')}`, name: `Station ${i}`, ...positionOf(i), status: i % 3 ? 'online' : 'offline', lastHeartbeat: at, heartbeatReceivedAt: at, createdAt: at, updatedAt: at });
    }
    const snapshot = new MemorySnapshot();
    return { world, at, snapshot, deps: { ...world, snapshot } };
  };
  const file = (snapshot: MemorySnapshot, path: string) => JSON.parse(snapshot.files.get(path)!.json) as StationListFile;
  const tiled = (snapshot: MemorySnapshot) => {
    const list = file(snapshot, STATION_LIST_SNAPSHOT_PATH);
    if (!isTiledStationList(list)) throw new Error('the list is not tiled');
    return list;
  };
  const tile = (snapshot: MemorySnapshot, key: string) => file(snapshot, stationTilePath(key)) as Machine[];
  const position = (m: Pick<Machine, 'latitude' | 'longitude'>) => parseCoordinates(m.latitude, m.longitude);
  const tileOf = (snapshot: MemorySnapshot, id: string) => tiled(snapshot).tiles.find((t) => tile(snapshot, t.key).some((m) => m.id === id))!.key;

  it('keeps the whole list up to the threshold, and above it splits cells until each holds at most the maximum', async () => {
    const { world, at, snapshot, deps } = await fleet(STATION_LIST_TILE_THRESHOLD);
    expect(await publishStationList(deps)).toEqual({ stations: STATION_LIST_TILE_THRESHOLD, written: true, tilesWritten: 0 });
    expect(Array.isArray(file(snapshot, STATION_LIST_SNAPSHOT_PATH))).toBe(true);

    await world.machines.create({ id: 'HRL-99999', name: 'One more', latitude: '-7.5000', longitude: '112.5000', status: 'online', lastHeartbeat: at, heartbeatReceivedAt: at, createdAt: at, updatedAt: at });
    const published = await publishStationList(deps);
    const list = tiled(snapshot);
    expect(published).toEqual({ stations: STATION_LIST_TILE_THRESHOLD + 1, written: true, tilesWritten: list.tiles.length });
    const all = [...(await world.machines.list())].map((record) => ({ id: record.id, position: position({ latitude: record.latitude ?? null, longitude: record.longitude ?? null }) }));
    const seen = new Set<string>();
    for (const summary of list.tiles) {
      const members = tile(snapshot, summary.key);
      expect(summary.count).toBe(members.length);
      expect(summary.online).toBe(members.filter((m) => m.status === 'online').length);
      expect(summary.fingerprint).toBe(snapshot.files.get(stationTilePath(summary.key))!.fingerprint);
      for (const m of members) {
        expect(seen.has(m.id)).toBe(false);
        seen.add(m.id);
        expect(inTile(summary.key, position(m))).toBe(true);
      }
      if (summary.key === UNPLACED_TILE) continue;
      const level = Number(summary.key.split('_')[0]);
      expect(summary.count <= STATION_TILE_MAX_STATIONS || level === STATION_TILE_MAX_LEVEL).toBe(true);
      // Split only because the cell above held too many.
      if (level > 0) {
        const parent = cellKey(level - 1, position(members[0]!)!);
        expect(all.filter((s) => s.position && cellKey(level - 1, s.position) === parent).length).toBeGreaterThan(STATION_TILE_MAX_STATIONS);
      }
    }
    expect(seen.size).toBe(STATION_LIST_TILE_THRESHOLD + 1);
    // The packed stations around Kuta went down several levels, the lone one stayed in its 1° cell.
    expect(Math.max(...list.tiles.filter((t) => t.key !== UNPLACED_TILE).map((t) => Number(t.key.split('_')[0])))).toBeGreaterThanOrEqual(3);
    expect(list.tiles.find((t) => t.key === '0_-8_112')).toMatchObject({ count: 1, online: 1, center: { latitude: -7.5, longitude: 112.5 } });
    expect(list.tiles.find((t) => t.key === UNPLACED_TILE)).toMatchObject({ count: STATION_LIST_TILE_THRESHOLD / 10, center: null });
    // Tiles first: the list never names a tile that is not there yet.
    expect(snapshot.allWrites.at(-1)).toBe(STATION_LIST_SNAPSHOT_PATH);
    expect(snapshot.allWrites.filter((path) => path === STATION_LIST_SNAPSHOT_PATH)).toHaveLength(2);
  });

  it('keeps stations at one spot together at the deepest level, however many', async () => {
    const { world, at, snapshot, deps } = await fleet(STATION_LIST_TILE_THRESHOLD);
    for (let i = 0; i < STATION_TILE_MAX_STATIONS + 20; i++) {
      await world.machines.create({ id: `MAL-${String(i).padStart(5, '0')}`, name: `Mall kiosk ${i}`, latitude: '-8.6000', longitude: '115.3000', status: 'online', lastHeartbeat: at, heartbeatReceivedAt: at, createdAt: at, updatedAt: at });
    }
    await publishStationList(deps);
    const key = cellKey(STATION_TILE_MAX_LEVEL, { latitude: -8.6, longitude: 115.3 });
    expect(tiled(snapshot).tiles.find((t) => t.key === key)?.count).toBe(STATION_TILE_MAX_STATIONS + 20);
  });

  it('rewrites only the tiles that changed, and nothing while nothing did', async () => {
    const { world, snapshot, deps } = await fleet(STATION_LIST_TILE_THRESHOLD + 500);
    await publishStationList(deps);
    const writes = snapshot.allWrites.length;
    expect(await publishStationList(deps)).toEqual({ stations: STATION_LIST_TILE_THRESHOLD + 500, written: false, tilesWritten: 0 });
    expect(snapshot.allWrites).toHaveLength(writes);

    await world.machines.update('HRL-00000', { name: 'Renamed' });
    expect(await publishStationList(deps)).toMatchObject({ written: true, tilesWritten: 1 });
    const key = tileOf(snapshot, 'HRL-00000');
    expect(snapshot.allWrites.slice(writes)).toEqual([stationTilePath(key), STATION_LIST_SNAPSHOT_PATH]);
    expect(tile(snapshot, key).find((m) => m.id === 'HRL-00000')?.name).toBe('Renamed');
  });

  it('moves a station between tiles, and writes a tile that emptied empty and drops it from the list', async () => {
    const { world, at, snapshot, deps } = await fleet(STATION_LIST_TILE_THRESHOLD);
    await world.machines.create({ id: 'HRL-88888', name: 'Lonely', latitude: '-7.5000', longitude: '112.5000', status: 'online', lastHeartbeat: at, heartbeatReceivedAt: at, createdAt: at, updatedAt: at });
    await publishStationList(deps);
    expect(tile(snapshot, '0_-8_112').map((m) => m.id)).toEqual(['HRL-88888']);

    await world.machines.update('HRL-88888', { latitude: '-8.5069', longitude: '115.2625' });
    expect(await publishStationList(deps)).toMatchObject({ written: true, tilesWritten: 2 });
    expect(tile(snapshot, '0_-8_112')).toEqual([]);
    expect(tiled(snapshot).tiles.map((t) => t.key)).not.toContain('0_-8_112');
    expect(inTile(tileOf(snapshot, 'HRL-88888'), { latitude: -8.5069, longitude: 115.2625 })).toBe(true);
    // The emptied tile is written once, not on every run after.
    const writes = snapshot.allWrites.length;
    await world.machines.update('HRL-00000', { name: 'Renamed' });
    await publishStationList(deps);
    expect(snapshot.allWrites.slice(writes)).not.toContain(stationTilePath('0_-8_112'));
  });

  it('goes back to the whole list when the fleet shrinks to the threshold', async () => {
    const { world, snapshot, deps } = await fleet(STATION_LIST_TILE_THRESHOLD + 1);
    await publishStationList(deps);
    expect(tiled(snapshot).tiles.reduce((sum, t) => sum + t.count, 0)).toBe(STATION_LIST_TILE_THRESHOLD + 1);
    // A station decommissioned (machines are never deleted in the product; the list read is what matters here).
    vi.spyOn(world.machines, 'list').mockResolvedValue((await world.machines.list()).slice(1));
    await publishStationList(deps);
    expect((file(snapshot, STATION_LIST_SNAPSHOT_PATH) as Machine[]).length).toBe(STATION_LIST_TILE_THRESHOLD);
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
