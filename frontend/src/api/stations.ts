import { queryOptions, useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { MAP_DEFAULTS, STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { parseCoordinates, type LatLng } from '@shared/geo';
import type { Machine } from '@shared/schemas/machine';
import {
  inTile,
  isTiledStationList,
  stationTilePath,
  type StationListFile,
  type StationTileSummary,
} from '@shared/station-tiles';
import { publicApi } from './public-fetch';
import { around, mergeTiles, selectTiles, type TileWants } from './station-tiles';
import { watchNetwork } from '../features/pwa/online-status';
import { isOnline } from '../features/stations/status';

/**
 * The station list (the file at the edge, else GET /api/machines), for the public pages and the app: the list file
 * under one key, ['machines'], and above STATION_LIST_TILE_THRESHOLD stations its tiles (shared/station-tiles.ts)
 * under ['machines', 'tile', ...], each page loading those it shows (useStationsIn). The stations last loaded are kept
 * in localStorage, so that a visitor who loses signal still sees them (the service worker keeps the same answers;
 * this also covers the first visit and browsers without one).
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

/** A request that failed for want of a network (not an answer from the server) is answered from the stations saved. */
function fromSaved<T>(error: unknown, pick: (machines: Machine[]) => T): T {
  const saved = error instanceof TypeError || !navigator.onLine ? readSavedStations() : null;
  if (!saved) throw error;
  return pick(saved.machines);
}

const fetchJson = (path: string, signal: AbortSignal) => watchNetwork(fetch(path, { cache: 'no-cache', headers: { accept: 'application/json' }, signal }));

/**
 * The list file at the edge (STATION_LIST_SNAPSHOT_PATH, no DynamoDB read; docs/scale.md, "The station list from the
 * edge"), revalidated on every load (`no-cache`: a 304 while it is unchanged); the API when the file is not there yet.
 */
async function loadStationList({ signal }: { signal: AbortSignal }): Promise<StationListFile> {
  try {
    const response = await fetchJson(STATION_LIST_SNAPSHOT_PATH, signal);
    const file = response.ok ? ((await response.json()) as StationListFile) : await publicApi.listMachines(signal);
    // A tiled list names tiles only: the stations of those loaded are saved by useStationsIn.
    if (!isTiledStationList(file)) save(file);
    return file;
  } catch (error) {
    return fromSaved(error, (machines) => machines);
  }
}

/** A tile as loaded: its stations, and whether its file is the one the list names. */
interface LoadedTile {
  machines: Machine[];
  current: boolean;
}

/**
 * How soon a tile the edge served in an older version is asked for again: the edge keeps a file up to
 * STATION_LIST_MAX_AGE_SECONDS, so a list read just after a publication can name a tile the edge does not serve yet.
 */
const STALE_TILE_RETRY_MS = 5_000;

/** The SHA-256 of a file as the publisher fingerprints it (base64url); null where the browser has no Web Crypto (plain http). */
async function fingerprintOf(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** One tile's stations, revalidated as the list is and checked against the list's fingerprint; offline, those saved that lie in it. */
async function loadTile({ key, fingerprint }: StationTileSummary, signal: AbortSignal): Promise<LoadedTile> {
  try {
    const response = await fetchJson(stationTilePath(key), signal);
    // The list named it, but it emptied since: no stations there.
    if (response.status === 404) return { machines: [], current: true };
    if (!response.ok) throw new Error(`The station tile ${key} answered ${response.status}`);
    const text = await response.text();
    const served = await fingerprintOf(text);
    return { machines: JSON.parse(text) as Machine[], current: served === null || served === fingerprint };
  } catch (error) {
    return fromSaved(error, (machines) => ({ machines: machines.filter((m) => inTile(key, parseCoordinates(m.latitude, m.longitude))), current: true }));
  }
}

export const stationQueries = {
  all: () => queryOptions({ queryKey: ['machines'], queryFn: loadStationList }),
  /**
   * Keyed by the tile's fingerprint: a tile is fetched again once the list says its file changed, or while the edge
   * still served an older file than the one the list names.
   */
  tile: (summary: StationTileSummary) => queryOptions({
    queryKey: ['machines', 'tile', summary.key, summary.fingerprint],
    queryFn: ({ signal }) => loadTile(summary, signal),
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.current === false ? STALE_TILE_RETRY_MS : false),
  }),
};

export interface StationsIn {
  /** The stations of the tiles wanted that have arrived, every station when the list is whole; undefined until the list has. */
  machines: Machine[] | undefined;
  /** Nothing to show yet: the list, or every tile wanted, is still on its way. */
  isPending: boolean;
  /** Something wanted is still on its way: the list or any tile. */
  isLoading: boolean;
  isError: boolean;
  /** Loads again what failed. */
  refetch: () => void;
  /** Null when the list is whole: the tiles wanted, how many have arrived, and those in view that the cap left out. */
  tiles: { wanted: number; loaded: number; beyondCap: StationTileSummary[] } | null;
  /** Stations online now in the whole fleet (from the tiles' summaries when the list is tiled). */
  fleetOnline: number | null;
}

interface TileParts {
  parts: Machine[][];
  pending: number;
  failed: boolean;
}

// A module-level `combine` is stable: it runs again only when a tile's result changes, and its result (shared
// structurally) keeps `parts` the same array while no tile's data changed, so nothing downstream recomputes.
const combineTiles = (results: UseQueryResult<LoadedTile>[]): TileParts => ({
  parts: results.flatMap((result) => (result.data ? [result.data.machines] : [])),
  pending: results.filter((result) => result.isPending).length,
  failed: results.some((result) => result.isError),
});

/**
 * The stations a page shows: every station while the list is whole; when it is tiled, those of the tiles `wants`
 * selects (selectTiles). `wants` must keep its identity while it is unchanged (useMemo or a constant).
 */
export function useStationsIn(wants: TileWants): StationsIn {
  const queryClient = useQueryClient();
  const list = useQuery(stationQueries.all());
  const file = list.data;
  const selection = useMemo(() => (file && isTiledStationList(file) ? selectTiles(file.tiles, wants) : null), [file, wants]);
  const tiles = useQueries({ queries: (selection?.load ?? []).map(stationQueries.tile), combine: combineTiles });
  const machines = useMemo(() => (file && isTiledStationList(file) ? mergeTiles(tiles.parts) : file), [file, tiles.parts]);
  const fleetOnline = useMemo(() => {
    if (!file) return null;
    return isTiledStationList(file) ? file.tiles.reduce((sum, tile) => sum + tile.online, 0) : file.filter(isOnline).length;
  }, [file]);
  // A tiled list's stations are saved once the tiles wanted are all in (a whole one's as it loads): the stations last shown.
  const settled = selection !== null && tiles.pending === 0 && !tiles.failed;
  useEffect(() => {
    if (settled && machines) save(machines);
  }, [settled, machines]);

  return {
    machines,
    isPending: list.isPending || (selection !== null && tiles.parts.length === 0 && tiles.pending > 0),
    isLoading: list.isPending || tiles.pending > 0,
    isError: list.isError || tiles.failed,
    refetch: () => void queryClient.refetchQueries({ queryKey: stationQueries.all().queryKey, type: 'active', predicate: (query) => query.state.status === 'error' }),
    tiles: selection && { wanted: selection.load.length, loaded: tiles.parts.length, beyondCap: selection.beyondCap },
    fleetOnline,
  };
}

/** The stations around a position, around the map's default centre while it is unknown: the app's nearby machines. */
export function useStationsAround(position: LatLng | null): StationsIn {
  return useStationsIn(useMemo(() => around(position ?? MAP_DEFAULTS), [position]));
}
