import { AREAS, STATION_LIST_SNAPSHOT_PATH } from './constants';
import type { LatLng } from './geo';
import type { Machine } from './schemas/machine';

/**
 * The station list in area tiles (docs/scale.md, "Area tiles"): up to STATION_LIST_TILE_THRESHOLD stations the file at
 * STATION_LIST_SNAPSHOT_PATH is the whole list (an array); above it, that file is a `TiledStationList` (what tiles there
 * are, with their counts) and each tile is a file of its own under STATION_TILE_PATH_PREFIX. Tiles are the cells of a
 * quadtree: 1° cells, each split in four while it holds more than STATION_TILE_MAX_STATIONS, so a dense town gets small
 * tiles and the countryside large ones. A page loads the tiles of what it shows. The publisher
 * (functions/stations/domain/station-list.ts) and the browser (frontend/src/api/station-tiles.ts) read this one module.
 */
export const STATION_LIST_TILE_THRESHOLD = 2_000;
/** The most stations in a tile, unless it is as small as STATION_TILE_MAX_LEVEL allows: about 13 KB gzip. */
export const STATION_TILE_MAX_STATIONS = 500;
/** The deepest split: level 10 cells are 1/1024°, about 110 m, where stations side by side stay in one tile. */
export const STATION_TILE_MAX_LEVEL = 10;
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
  /** The SHA-256 of the tile's file (base64url), which the browser checks what the edge served against. */
  fingerprint: string;
}

export interface TiledStationList {
  tiled: true;
  tiles: StationTileSummary[];
}

/** What the file at STATION_LIST_SNAPSHOT_PATH holds. */
export type StationListFile = Machine[] | TiledStationList;

export const isTiledStationList = (file: StationListFile): file is TiledStationList => !Array.isArray(file);

/** The key of the cell of `level` holding a position: `<level>_<row>_<column>`, rows and columns counted from 0°. */
export function cellKey(level: number, position: LatLng): string {
  const cells = 2 ** level;
  return `${level}_${Math.floor(position.latitude * cells)}_${Math.floor(position.longitude * cells)}`;
}

/** The box of a tile's cell; null for the unplaced tile. A cell holds its south and west edges, not its north and east. */
export function tileBounds(key: string): Bounds | null {
  if (key === UNPLACED_TILE) return null;
  const [level, row, column] = key.split('_').map(Number) as [number, number, number];
  const size = 1 / 2 ** level;
  return { south: row * size, north: (row + 1) * size, west: column * size, east: (column + 1) * size };
}

/** Whether a station (its position, or null without one) belongs in a tile. */
export function inTile(key: string, position: LatLng | null): boolean {
  if (!position) return key === UNPLACED_TILE;
  return key !== UNPLACED_TILE && cellKey(Number(key.split('_')[0]), position) === key;
}

export const boundsOverlap = (a: Bounds, b: Bounds) => a.south < b.north && b.south < a.north && a.west < b.east && b.west < a.east;

export const stationTilePath = (key: string) => `${STATION_TILE_PATH_PREFIX}${key}.json`;

/** The box of the finder's areas (AREAS): choosing one moves the map there, so its tiles load. Sanur is in Denpasar. */
export const AREA_BOUNDS: Record<(typeof AREAS)[number], Bounds> = {
  Seminyak: { south: -8.705, west: 115.145, north: -8.665, east: 115.185 },
  Canggu: { south: -8.67, west: 115.1, north: -8.62, east: 115.16 },
  Ubud: { south: -8.54, west: 115.23, north: -8.42, east: 115.3 },
  Denpasar: { south: -8.74, west: 115.17, north: -8.6, east: 115.28 },
  Sanur: { south: -8.73, west: 115.24, north: -8.64, east: 115.28 },
};
