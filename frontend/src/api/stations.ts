import { queryOptions } from '@tanstack/react-query';
import type { Machine } from '@shared/schemas';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { publicApi } from './public-fetch';
import { watchNetwork } from '../features/pwa/online-status';

/**
 * The station list (the file at the edge, else GET /api/machines), for the public pages and the app: one key, ['machines'], one fetcher. The last list that
 * loaded is kept in localStorage, so that a visitor who loses signal still sees the stations (the
 * service worker keeps the same answer; this also covers the first visit and browsers without one).
 */
const STORAGE_KEY = 'bali-refill.machines';

export interface SavedStations {
  savedAt: string;
  machines: Machine[];
}

export function readSavedStations(): SavedStations | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as SavedStations;
    // A list saved before stations carried their price would show none: not used.
    return Array.isArray(saved.machines) && saved.machines.every((m) => typeof m.effectivePricePerLitre === 'number') ? saved : null;
  } catch {
    return null;
  }
}

function save(machines: Machine[]) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ savedAt: new Date().toISOString(), machines } satisfies SavedStations));
  } catch {
    // Storage full or disabled: the service worker cache still applies.
  }
}

/**
 * The list file at the edge (STATION_LIST_SNAPSHOT_PATH, no DynamoDB read; docs/scale.md, "The station list from the
 * edge"), revalidated on every load (`no-cache`: a 304 while it is unchanged); the API when the file is not there yet.
 */
async function fetchStations(signal: AbortSignal): Promise<Machine[]> {
  const response = await watchNetwork(fetch(STATION_LIST_SNAPSHOT_PATH, { cache: 'no-cache', headers: { accept: 'application/json' }, signal }));
  if (response.ok) return (await response.json()) as Machine[];
  return publicApi.listMachines(signal);
}

async function loadStations({ signal }: { signal: AbortSignal }): Promise<Machine[]> {
  try {
    const machines = await fetchStations(signal);
    save(machines);
    return machines;
  } catch (error) {
    // A network failure (not an answer from the server) falls back to the last list seen.
    const saved = error instanceof TypeError || !navigator.onLine ? readSavedStations() : null;
    if (saved) return saved.machines;
    throw error;
  }
}

export const stationQueries = {
  all: () => queryOptions({ queryKey: ['machines'], queryFn: loadStations }),
};
