import { createHash } from 'node:crypto';
import type { Machine } from '@shared/schemas';
import type { Clock } from '../ports/clock';
import type { Machines } from '../ports/machines';
import type { SettingsStore } from '../ports/settings';
import type { StationListSnapshot } from '../ports/station-list';
import { toMachine } from './machines';

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
 * this runs on a schedule, not on the table's changes alone.
 */
export async function publishStationList(deps: StationListDeps & { snapshot: StationListSnapshot }): Promise<{ stations: number; written: boolean }> {
  const [stations, stored] = await Promise.all([publicStationList(deps), deps.snapshot.storedFingerprint()]);
  const json = JSON.stringify(stations);
  const fingerprint = createHash('sha256').update(json).digest('base64url');
  if (fingerprint === stored) return { stations: stations.length, written: false };
  await deps.snapshot.write(json, fingerprint);
  return { stations: stations.length, written: true };
}
