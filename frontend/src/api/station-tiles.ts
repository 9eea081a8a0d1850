import type { LatLng } from '@shared/geo';
import type { Machine } from '@shared/schemas/machine';
import { boundsOverlap, tileBounds, UNPLACED_TILE, type Bounds, type StationTileSummary } from '@shared/station-tiles';

/**
 * Which tiles of a tiled station list (shared/station-tiles.ts) a page loads: those nearest what it shows (the map's
 * view, the visitor's position) up to a number of stations, and boxes it wants whole whatever the number (an area
 * chosen).
 */

/**
 * The most stations a map's view, or the surroundings of a position, loads: about 50 KB gzip. A zoomed-out map of a
 * dense fleet would otherwise load most of it (at 100,000 stations, 2.5 MB gzip); the rest of the view shows as counts.
 */
export const MAX_STATIONS_IN_VIEW = 2_000;
/** How far around a position its nearby stations are looked for: 0.05°, about 5.5 km. */
const NEARBY_DEGREES = 0.05;

export interface TileWants {
  /** The map's view: the tiles it touches, nearest its centre first, up to MAX_STATIONS_IN_VIEW. */
  view?: Bounds | null;
  /** A position: the tiles within NEARBY_DEGREES, nearest first, up to MAX_STATIONS_IN_VIEW (its own tile at least). */
  near?: LatLng | null;
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

/** How far a point is from a box, in degrees (0 inside it): a large cell holding the point comes before a small one beside it. */
function distanceTo(box: Bounds, point: LatLng): number {
  const latitude = Math.max(box.south - point.latitude, 0, point.latitude - box.north);
  const longitude = Math.max(box.west - point.longitude, 0, point.longitude - box.east);
  return Math.hypot(latitude, longitude);
}

const centreOf = (box: Bounds): LatLng => ({ latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2 });
/** Between tiles at the same distance (both holding the point, or overlapping ones), the one whose centre is nearer. */
function fromCentre(box: Bounds, point: LatLng): number {
  const centre = centreOf(box);
  return Math.hypot(centre.latitude - point.latitude, centre.longitude - point.longitude);
}

/** The placed tiles whose cells overlap a box, with their cells (the unplaced tile is in none). */
function overlapping(tiles: readonly StationTileSummary[], box: Bounds): { tile: StationTileSummary; bounds: Bounds }[] {
  return tiles
    .map((tile) => ({ tile, bounds: tileBounds(tile.key) }))
    .filter((entry): entry is { tile: StationTileSummary; bounds: Bounds } => entry.bounds !== null && boundsOverlap(entry.bounds, box));
}

/** The placed tiles overlapping a box, nearest a point first, split where their stations pass the cap (the first always taken). */
function nearestWithinCap(tiles: readonly StationTileSummary[], box: Bounds, point: LatLng): TileSelection {
  const touching = overlapping(tiles, box)
    .sort((a, b) => distanceTo(a.bounds, point) - distanceTo(b.bounds, point) || fromCentre(a.bounds, point) - fromCentre(b.bounds, point));
  const load: StationTileSummary[] = [];
  const beyondCap: StationTileSummary[] = [];
  let stations = 0;
  for (const { tile } of touching) {
    if (load.length && stations + tile.count > MAX_STATIONS_IN_VIEW) beyondCap.push(tile);
    else {
      load.push(tile);
      stations += tile.count;
    }
  }
  return { load, beyondCap };
}

/** The box of NEARBY_DEGREES around a position. */
export const nearbyBox = ({ latitude, longitude }: LatLng): Bounds => ({
  south: latitude - NEARBY_DEGREES, north: latitude + NEARBY_DEGREES, west: longitude - NEARBY_DEGREES, east: longitude + NEARBY_DEGREES,
});

export function selectTiles(tiles: readonly StationTileSummary[], wants: TileWants): TileSelection {
  if (wants.everything) return { load: [...tiles], beyondCap: [] };
  const inView = wants.view ? nearestWithinCap(tiles, wants.view, centreOf(wants.view)) : { load: [], beyondCap: [] };
  const nearby = wants.near ? nearestWithinCap(tiles, nearbyBox(wants.near), wants.near).load : [];
  const whole = (wants.boxes ?? []).flatMap((box) => overlapping(tiles, box).map(({ tile }) => tile));
  const unplaced = wants.unplaced ? tiles.filter((tile) => tile.key === UNPLACED_TILE) : [];
  const load = new Set([...inView.load, ...nearby, ...whole, ...unplaced]);
  return { load: [...load], beyondCap: inView.beyondCap.filter((tile) => !load.has(tile)) };
}

/** The tiles around a position: the app's nearby stations. */
export const around = (position: LatLng): TileWants => ({ near: position });

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
