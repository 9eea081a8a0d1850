import type { LatLng } from '@shared/geo';
import type { Machine } from '@shared/schemas';
import { STATION_TILES_PER_DEGREE, UNPLACED_TILE, tileKeysIn, type Bounds, type StationTileSummary } from '@shared/station-tiles';

/**
 * Which tiles of a tiled station list (shared/station-tiles.ts) a page loads: those of the map's view, up to a cap, and
 * boxes it wants whole whatever the view (an area chosen, the cells around the visitor).
 */

/**
 * The most tiles a map's view loads: a zoomed-out map would otherwise load the island (at 100,000 stations, most of
 * 40 MB). At the default zoom a desktop map touches 9 to 16 cells, a phone's 4 to 9.
 */
export const MAX_TILES_IN_VIEW = 12;

export interface TileWants {
  /** The map's view: the tiles it touches, nearest its centre first, up to MAX_TILES_IN_VIEW. */
  view?: Bounds | null;
  /** Boxes loaded whole whatever the view and the cap. */
  boxes?: readonly Bounds[];
  /** The tile of the stations without coordinates: no map shows them, the finder's list does. */
  unplaced?: boolean;
  /** Every tile: a search of the whole fleet, at the visitor's request. */
  everything?: boolean;
}

export interface TileSelection {
  /** The tiles to load, each once. */
  load: StationTileSummary[];
  /** Tiles in view that the cap left out: the map shows their counts instead. */
  beyondCap: StationTileSummary[];
}

/** The grid cell of a key: its row and column (`<row>_<column>`, stationTileKey). */
function cellOf(key: string): { row: number; column: number } {
  const [row, column] = key.split('_').map(Number) as [number, number];
  return { row, column };
}

/** The box of a grid cell (not of the unplaced tile): a click on a tile's count zooms the map to it. */
export function cellBounds(key: string): Bounds {
  const { row, column } = cellOf(key);
  return { south: row / STATION_TILES_PER_DEGREE, north: (row + 1) / STATION_TILES_PER_DEGREE, west: column / STATION_TILES_PER_DEGREE, east: (column + 1) / STATION_TILES_PER_DEGREE };
}

/** The keys ordered by how near their cell's centre is to `centre` (in degrees: the cells are square near the equator). */
function nearestFirst(keys: string[], centre: LatLng): string[] {
  const distance = (key: string) => {
    const { south, north, west, east } = cellBounds(key);
    return ((south + north) / 2 - centre.latitude) ** 2 + ((west + east) / 2 - centre.longitude) ** 2;
  };
  return keys.map((key) => ({ key, distance: distance(key) })).sort((a, b) => a.distance - b.distance).map(({ key }) => key);
}

export function selectTiles(tiles: readonly StationTileSummary[], wants: TileWants): TileSelection {
  if (wants.everything) return { load: [...tiles], beyondCap: [] };
  const byKey = new Map(tiles.map((tile) => [tile.key, tile]));
  // A cell the list does not name has no stations: it is never asked for, and does not count towards the cap.
  const listed = (keys: string[]) => keys.filter((key) => byKey.has(key));
  const { view } = wants;
  const inView = view ? nearestFirst(listed(tileKeysIn(view)), { latitude: (view.south + view.north) / 2, longitude: (view.west + view.east) / 2 }) : [];
  const load = new Set([
    ...inView.slice(0, MAX_TILES_IN_VIEW),
    ...(wants.boxes ?? []).flatMap((box) => listed(tileKeysIn(box))),
    ...(wants.unplaced && byKey.has(UNPLACED_TILE) ? [UNPLACED_TILE] : []),
  ]);
  const summaries = (keys: Iterable<string>) => [...keys].map((key) => byKey.get(key)!);
  return { load: summaries(load), beyondCap: summaries(inView.filter((key) => !load.has(key))) };
}

/** The tiles around a position: the app's nearby stations, the finder's Find Nearby and nearest open station. */
export const around = (position: LatLng): TileWants => ({ boxes: [cellsAround(position)] });

/** The box of the 3×3 cells around a position: its own cell and the eight next to it. */
export function cellsAround(position: LatLng): Bounds {
  const row = Math.floor(position.latitude * STATION_TILES_PER_DEGREE);
  const column = Math.floor(position.longitude * STATION_TILES_PER_DEGREE);
  // Just inside the outer edges: an edge on a cell's border would also touch the cell beyond it.
  const edge = (cell: number, inward: number) => cell / STATION_TILES_PER_DEGREE + inward * 1e-9;
  return { south: edge(row - 1, 1), north: edge(row + 2, -1), west: edge(column - 1, 1), east: edge(column + 2, -1) };
}

/** The stations of the tiles that have arrived, each once: while the edge still serves a tile's older file, a station that moved can be in two. */
export function mergeTiles(parts: readonly (readonly Machine[])[]): Machine[] {
  const seen = new Set<string>();
  const merged: Machine[] = [];
  for (const part of parts) {
    for (const machine of part) {
      if (seen.has(machine.id)) continue;
      seen.add(machine.id);
      merged.push(machine);
    }
  }
  return merged;
}
