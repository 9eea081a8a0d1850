import { AREAS, STATION_LIST_SNAPSHOT_PATH } from './constants';
import type { LatLng } from './geo';
import type { Machine } from './schemas';

/**
 * The station list in area tiles (docs/scale.md, "Area tiles"): up to STATION_LIST_TILE_THRESHOLD stations the file at
 * STATION_LIST_SNAPSHOT_PATH is the whole list (an array); above it, that file is a `TiledStationList` (what tiles there
 * are, with their counts) and each tile, a cell of a fixed grid, is a file of its own under STATION_TILE_PATH_PREFIX.
 * A page loads the tiles of the area it shows. The publisher (functions/domain/station-list.ts) and the browser
 * (frontend/src/api/stations.ts) read this one module.
 */
export const STATION_LIST_TILE_THRESHOLD = 2_000;
/** Cells per degree of latitude and of longitude: 0.05°, about 5.5 km on Bali, 16 by 27 cells over the island. */
export const STATION_TILES_PER_DEGREE = 20;
/** Where tiles live: `${STATION_TILE_PATH_PREFIX}<key>.json`, beside the list file, under the same CloudFront behaviour. */
export const STATION_TILE_PATH_PREFIX = STATION_LIST_SNAPSHOT_PATH.replace(/\.json$/, '/');
/** The tile of stations without coordinates: no map shows them, every list does. */
export const UNPLACED_TILE = 'unplaced';

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** One tile as the list file describes it; `fingerprint` changes whenever the tile's file does. */
export interface StationTileSummary {
  key: string;
  count: number;
  /** Stations online now, of `count`. */
  online: number;
  /** The mean position of its stations (null for the unplaced tile), where a map shows the tile's count. */
  center: LatLng | null;
  fingerprint: string;
}

export interface TiledStationList {
  tiled: true;
  tiles: StationTileSummary[];
}

/** What the file at STATION_LIST_SNAPSHOT_PATH holds. */
export type StationListFile = Machine[] | TiledStationList;

export const isTiledStationList = (file: StationListFile): file is TiledStationList => !Array.isArray(file);

/** The tile holding a position: `<row>_<column>` of the grid, rows and columns counted from 0°. */
export function stationTileKey(position: LatLng | null): string {
  if (!position) return UNPLACED_TILE;
  return `${Math.floor(position.latitude * STATION_TILES_PER_DEGREE)}_${Math.floor(position.longitude * STATION_TILES_PER_DEGREE)}`;
}

export const stationTilePath = (key: string) => `${STATION_TILE_PATH_PREFIX}${key}.json`;

/** The keys of every grid cell a box touches (the unplaced tile is never in one). */
export function tileKeysIn(bounds: Bounds): string[] {
  const cell = (degrees: number) => Math.floor(degrees * STATION_TILES_PER_DEGREE);
  const keys: string[] = [];
  for (let row = cell(bounds.south); row <= cell(bounds.north); row++) {
    for (let column = cell(bounds.west); column <= cell(bounds.east); column++) keys.push(`${row}_${column}`);
  }
  return keys;
}

/** The box of the finder's areas (AREAS): choosing one moves the map there, so its tiles load. Sanur is in Denpasar. */
export const AREA_BOUNDS: Record<(typeof AREAS)[number], Bounds> = {
  Seminyak: { south: -8.705, west: 115.145, north: -8.665, east: 115.185 },
  Canggu: { south: -8.67, west: 115.1, north: -8.62, east: 115.16 },
  Ubud: { south: -8.54, west: 115.23, north: -8.42, east: 115.3 },
  Denpasar: { south: -8.74, west: 115.17, north: -8.6, east: 115.28 },
  Sanur: { south: -8.73, west: 115.24, north: -8.64, east: 115.28 },
};
