import { createHash } from 'node:crypto';
import type { Machine } from '@shared/schemas';
import type { Clock } from '../ports/clock';
import type { Leases } from '../ports/leases';
import type { MachineRecord, Machines } from '../ports/machines';
import type { SettingsStore } from '../ports/settings';
import type { StationListSnapshot } from '../ports/station-list';
import { toMachine, type MachineViewSettings } from './machines';

export interface StationListDeps {
  machines: Machines;
  settings: SettingsStore;
  clock: Clock;
}

/** Every station as the public sees it now (its status follows from its last heartbeat and the interval setting). */
export async function publicStationList(deps: StationListDeps): Promise<Machine[]> {
  const [records, settings] = await Promise.all([deps.machines.list(), deps.settings.get()]);
  const now = deps.clock.now();
  return records.map((record) => toMachine(record, now, settings));
}

/**
 * Rewrites the station list file the public pages read (docs/scale.md, "The station list from the edge"), only when
 * it changed: a status follows from time as well as from writes (a silent station turns offline with no write), so
 * this runs on a schedule, and also on the table's changes that visitors should see at once (publishChangedStations).
 */
export async function publishStationList(deps: StationListDeps & { snapshot: StationListSnapshot }): Promise<{ stations: number; written: boolean }> {
  const [stations, stored] = await Promise.all([publicStationList(deps), deps.snapshot.storedFingerprint()]);
  const json = JSON.stringify(stations);
  const fingerprint = createHash('sha256').update(json).digest('base64url');
  if (fingerprint === stored) return { stations: stations.length, written: false };
  await deps.snapshot.write(json, fingerprint);
  return { stations: stations.length, written: true };
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
    if (!record) return null;
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
export async function publishChangedStations(changes: StationChange[], deps: StationListDeps & { snapshot: StationListSnapshot; leases: Leases }): Promise<{ outcome: ChangePublication; changed: number }> {
  const now = deps.clock.now();
  const settings = await deps.settings.get();
  const changed = changes.filter((change) => changesPublicList(change, now, settings)).length;
  if (!changed) return { outcome: 'ignored', changed };
  const leased = await deps.leases.claim(STATION_LIST_LEASE, now, new Date(now.getTime() + STATION_LIST_CHANGE_LEASE_SECONDS * 1000));
  if (!leased) return { outcome: 'deferred', changed };
  const { written } = await publishStationList(deps);
  return { outcome: written ? 'written' : 'unchanged', changed };
}
