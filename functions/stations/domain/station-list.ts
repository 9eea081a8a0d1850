import { createHash } from 'node:crypto';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { parseCoordinates, type LatLng } from '@shared/geo';
import type { Machine } from '@shared/schemas/machine';
import {
  cellKey,
  isTiledStationList,
  STATION_LIST_TILE_THRESHOLD,
  STATION_TILE_MAX_LEVEL,
  STATION_TILE_MAX_STATIONS,
  stationTilePath,
  UNPLACED_TILE,
  type StationListFile,
  type StationTileSummary,
  type TiledStationList,
} from '@shared/station-tiles';
import type { Clock } from '../../platform/ports/clock';
import type { Leases } from '../../platform/ports/leases';
import type { MachineRecord, Machines } from '../ports/machines';
import type { SettingsStore } from '../../platform/ports/settings';
import type { StationListSnapshot } from '../ports/station-list';
import type { FleetPrices } from '../ports/fleet-prices';
import { highestStationPrice, toMachine, type MachineViewSettings } from './machines';

export interface StationListDeps {
  machines: Machines;
  settings: SettingsStore;
  clock: Clock;
}

/** What a publication writes: the list's files, and the fleet's highest price beside them. */
export type StationListPublishDeps = StationListDeps & { snapshot: StationListSnapshot; fleetPrices: Pick<FleetPrices, 'recordHighest'> };

/** Every station as the console sees it now (its status follows from its last heartbeat and the interval setting), hidden ones too. */
export async function allStations(deps: StationListDeps): Promise<Machine[]> {
  return (await readFleet(deps)).stations;
}

async function readFleet(deps: StationListDeps): Promise<{ stations: Machine[]; highestPrice: number }> {
  const [records, settings] = await Promise.all([deps.machines.list(), deps.settings.get()]);
  const now = deps.clock.now();
  return { stations: records.map((record) => toMachine(record, now, settings)), highestPrice: highestStationPrice(records, settings) };
}

const isPublic = (station: Machine) => !station.hidden;

/** Every station the public sees: all but those an admin keeps off the public lists. */
export async function publicStationList(deps: StationListDeps): Promise<Machine[]> {
  return (await allStations(deps)).filter(isPublic);
}

const fingerprintOf = (json: string) => createHash('sha256').update(json).digest('base64url');

/** A file of the station list: its site path, its text and the fingerprint kept beside it. */
export interface PublishedFile {
  path: string;
  json: string;
  fingerprint: string;
}

const listFile = (path: string, json: string): PublishedFile => ({ path, json, fingerprint: fingerprintOf(json) });

/**
 * The files the edge serves for these stations (docs/scale.md, "Area tiles"): the whole list at
 * STATION_LIST_SNAPSHOT_PATH up to STATION_LIST_TILE_THRESHOLD stations; above it, there a `TiledStationList` and one
 * file per tile, the tiles sorted by key.
 */
export function stationListFiles(stations: Machine[]): { list: PublishedFile; tiles: (PublishedFile & { key: string })[] } {
  if (stations.length <= STATION_LIST_TILE_THRESHOLD) return { list: listFile(STATION_LIST_SNAPSHOT_PATH, JSON.stringify(stations)), tiles: [] };
  const placed: Placed[] = [];
  const unplaced: Machine[] = [];
  for (const station of stations) {
    const position = parseCoordinates(station.latitude, station.longitude);
    if (position) placed.push({ station, position });
    else unplaced.push(station);
  }
  const byTile = new Map(splitIntoTiles(placed, 0).map(([key, members]) => [key, members.map((member) => member.station)]));
  if (unplaced.length) byTile.set(UNPLACED_TILE, unplaced);
  const keys = [...byTile.keys()].sort();
  const tiles = keys.map((key) => ({ key, ...listFile(stationTilePath(key), JSON.stringify(byTile.get(key))) }));
  const summaries = keys.map((key, i): StationTileSummary => {
    const members = byTile.get(key)!;
    return { key, count: members.length, online: members.filter((m) => m.status === 'online').length, center: meanPosition(members), fingerprint: tiles[i]!.fingerprint };
  });
  return { list: listFile(STATION_LIST_SNAPSHOT_PATH, JSON.stringify({ tiled: true, tiles: summaries } satisfies TiledStationList)), tiles };
}

interface Placed {
  station: Machine;
  position: LatLng;
}

/** The stations grouped by the cells of `level`, each cell holding too many split into the four of the next level. */
function splitIntoTiles(stations: Placed[], level: number): [string, Placed[]][] {
  const cells = new Map<string, Placed[]>();
  for (const placed of stations) {
    const key = cellKey(level, placed.position);
    const members = cells.get(key);
    if (members) members.push(placed);
    else cells.set(key, [placed]);
  }
  return [...cells].flatMap(([key, members]): [string, Placed[]][] =>
    members.length > STATION_TILE_MAX_STATIONS && level < STATION_TILE_MAX_LEVEL ? splitIntoTiles(members, level + 1) : [[key, members]]);
}

/** Where a map shows a tile's count: the mean of its stations' positions, to 4 decimals (about 10 m). */
function meanPosition(stations: Machine[]): LatLng | null {
  const positions = stations.map((m) => parseCoordinates(m.latitude, m.longitude)).filter((p): p is LatLng => p !== null);
  if (!positions.length) return null;
  const mean = (pick: (p: LatLng) => number) => Math.round((positions.reduce((sum, p) => sum + pick(p), 0) / positions.length) * 1e4) / 1e4;
  return { latitude: mean((p) => p.latitude), longitude: mean((p) => p.longitude) };
}

/** The tiles a stored list file names, with their fingerprints (none when it is the whole list, or missing). */
function storedTiles(json: string | null): Map<string, string> {
  if (!json) return new Map();
  const file = JSON.parse(json) as StationListFile;
  return isTiledStationList(file) ? new Map(file.tiles.map((tile) => [tile.key, tile.fingerprint])) : new Map<string, string>();
}

/** Tiles written at once: the first tiled publication writes a few hundred. */
const TILE_WRITES_IN_FLIGHT = 16;

/**
 * Rewrites the station list files the public pages read (docs/scale.md, "The station list from the edge"), only
 * those that changed: a status follows from time as well as from writes (a silent station turns offline with no
 * write), so this runs on a schedule, and also on the table's changes that visitors should see at once
 * (publishChangedStations). Tiles are written before the list that names them; a tile that emptied is written empty
 * (a page that read the list before may still ask for it) and leaves the list.
 */
export async function publishStationList(deps: StationListPublishDeps): Promise<{ stations: number; written: boolean; tilesWritten: number }> {
  const fleet = await readFleet(deps);
  // Read here anyway: the pay codes' offline allowance is priced from this one figure (docs/architecture.md, "Offline vends").
  await deps.fleetPrices.recordHighest(fleet.highestPrice, deps.clock.now().toISOString());
  const stations = fleet.stations.filter(isPublic);
  const { list, tiles } = stationListFiles(stations);
  if (!tiles.length) {
    if (list.fingerprint === (await deps.snapshot.storedFingerprint(list.path))) return { stations: stations.length, written: false, tilesWritten: 0 };
    await deps.snapshot.write(list.path, list.json, list.fingerprint);
    return { stations: stations.length, written: true, tilesWritten: 0 };
  }
  const stored = await deps.snapshot.read(list.path);
  if (stored === list.json) return { stations: stations.length, written: false, tilesWritten: 0 };
  const before = storedTiles(stored);
  const current = new Set(tiles.map((tile) => tile.key));
  const emptied = [...before.keys()].filter((key) => !current.has(key)).map((key) => listFile(stationTilePath(key), '[]'));
  const changed = [...tiles.filter((tile) => before.get(tile.key) !== tile.fingerprint), ...emptied];
  for (let start = 0; start < changed.length; start += TILE_WRITES_IN_FLIGHT) {
    await Promise.all(changed.slice(start, start + TILE_WRITES_IN_FLIGHT).map((tile) => deps.snapshot.write(tile.path, tile.json, tile.fingerprint)));
  }
  await deps.snapshot.write(list.path, list.json, list.fingerprint);
  return { stations: stations.length, written: true, tilesWritten: changed.length };
}

/** A station as it was before a write and after it (null: not there), from the table's stream. */
export interface StationChange {
  before: MachineRecord | null;
  after: MachineRecord | null;
}

/**
 * What readings change all the time (every heartbeat moves some): the minute's schedule carries them to the file.
 * A change of anything else (added, removed, renamed, moved, locked, priced, gone offline or back) is published at once.
 */
const READING_FIELDS = ['lastHeartbeat', 'updatedAt', 'waterLevel', 'lastRefill', 'quality', 'filter', 'connection'] as const satisfies readonly (keyof Machine)[];

/**
 * How long a publication made for a change keeps the next ones from reading the list again: each reads every
 * station, so however many changes (on however many stream shards), the list is read at most once per lease beside
 * the schedule's minute.
 */
export const STATION_LIST_CHANGE_LEASE_SECONDS = 20;
/**
 * The time a publisher may take (its function's timeout): reading every station, seconds at 100,000.
 */
export const STATION_LIST_PUBLISHER_TIMEOUT_SECONDS = 50;
/** The lease's name: its item is `keys.lease(STATION_LIST_LEASE)`, the only one the change publisher may write. */
export const STATION_LIST_LEASE = 'station-list';

/** Whether a write changed what visitors see of the station, beyond its readings. */
function changesPublicList(change: StationChange, now: Date, settings: MachineViewSettings): boolean {
  const visible = (record: MachineRecord | null) => {
    if (!record || record.hidden) return null;
    const machine: Partial<Machine> = toMachine(record, now, settings);
    for (const field of READING_FIELDS) delete machine[field];
    return JSON.stringify(machine);
  };
  return visible(change.before) !== visible(change.after);
}

/**
 * ignored: no change visitors see; deferred: another publication holds the lease (it may have read the list before
 * these changes: the schedule publishes them within the minute, or the next change's publication sooner); else as
 * publishStationList.
 */
export type ChangePublication = 'ignored' | 'deferred' | 'written' | 'unchanged';

/**
 * The table's changes to stations (its stream): when one changed what visitors see, the file is rewritten within
 * seconds instead of at the next scheduled run. It never waits for the lease: a waiting invocation would hold up its
 * stream shard, whose records (every heartbeat's fold among them) would pile up behind it.
 */
export async function publishChangedStations(changes: StationChange[], deps: StationListPublishDeps & { leases: Leases }): Promise<{ outcome: ChangePublication; changed: number }> {
  const now = deps.clock.now();
  const settings = await deps.settings.get();
  const changed = changes.filter((change) => changesPublicList(change, now, settings)).length;
  if (!changed) return { outcome: 'ignored', changed };
  const leased = await deps.leases.claim(STATION_LIST_LEASE, now, new Date(now.getTime() + STATION_LIST_CHANGE_LEASE_SECONDS * 1000));
  if (!leased) return { outcome: 'deferred', changed };
  const { written } = await publishStationList(deps);
  return { outcome: written ? 'written' : 'unchanged', changed };
}
