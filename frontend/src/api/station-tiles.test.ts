import { describe, expect, it } from 'vitest';
import { stationListFiles } from '@functions/stations/domain/station-list';
import { parseCoordinates } from '@shared/geo';
import type { Machine } from '@shared/schemas/machine';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import {
  boundsOverlap,
  cellKey,
  inTile,
  tileBounds,
  UNPLACED_TILE,
  type StationTileSummary,
  type TiledStationList,
} from '@shared/station-tiles';
import { MAX_STATIONS_IN_VIEW, mergeTiles, nearbyBox, selectTiles } from './station-tiles';

const summary = (key: string, count = 100): StationTileSummary => ({ key, count, online: count, center: null, fingerprint: key });
/** The level-6 cells (1/64°, about 1.7 km) of rows × columns as listed tiles of `count` stations, and the unplaced tile. */
const grid = (rows: number[], columns: number[], count = 100) => [...rows.flatMap((row) => columns.map((column) => summary(`6_${row}_${column}`, count))), summary(UNPLACED_TILE)];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const keys = (tiles: StationTileSummary[]) => tiles.map((tile) => tile.key).sort();
const centre = (key: string) => {
  const { south, north, west, east } = tileBounds(key)!;
  return { latitude: (south + north) / 2, longitude: (west + east) / 2 };
};

describe('the tiles a page loads', () => {
  // Rows -560 to -540 and columns 7360 to 7380 of level 6: south Bali.
  const tiles = grid(range(-560, -540), range(7360, 7380));
  const view = { south: -8.66, north: -8.6, west: 115.1, east: 115.2 };

  it('loads the tiles the view touches nearest its centre, up to the cap, and leaves the rest as counts', () => {
    const { load, beyondCap } = selectTiles(tiles, { view });
    const touching = tiles.filter((tile) => tile.key !== UNPLACED_TILE && boundsOverlap(tileBounds(tile.key)!, view));
    expect(touching.length * 100).toBeGreaterThan(MAX_STATIONS_IN_VIEW);
    expect(load).toHaveLength(MAX_STATIONS_IN_VIEW / 100);
    expect(keys([...load, ...beyondCap])).toEqual(keys(touching));
    const distance = ({ key }: StationTileSummary) => Math.hypot(centre(key).latitude + 8.63, centre(key).longitude - 115.15);
    expect(Math.max(...load.map(distance))).toBeLessThanOrEqual(Math.min(...beyondCap.map(distance)));
  });

  it('loads every tile of a small view, none outside it, and the first tile even when it alone passes the cap', () => {
    const small = { south: -8.65, north: -8.64, west: 115.15, east: 115.16 };
    const { load, beyondCap } = selectTiles(tiles, { view: small });
    expect(beyondCap).toEqual([]);
    expect(load.length).toBeGreaterThan(0);
    for (const tile of load) expect(boundsOverlap(tileBounds(tile.key)!, small)).toBe(true);
    const crowded = [summary(cellKey(6, { latitude: -8.645, longitude: 115.155 }), MAX_STATIONS_IN_VIEW * 3)];
    expect(keys(selectTiles(crowded, { view: small }).load)).toEqual(keys(crowded));
  });

  it('loads the tile holding a position first, then the nearest within about 5.5 km, up to the cap', () => {
    const position = { latitude: -8.6476, longitude: 115.1369 };
    // One large cell (level 2, a quarter degree) holds the position, beside the small ones.
    const mixed = [summary(cellKey(2, position), 50), ...grid(range(-560, -540), range(7370, 7380))];
    const { load } = selectTiles(mixed, { near: position });
    expect(load[0]!.key).toBe(cellKey(2, position));
    expect(load.reduce((sum, tile) => sum + tile.count, 0)).toBeLessThanOrEqual(MAX_STATIONS_IN_VIEW);
    for (const tile of load) expect(boundsOverlap(tileBounds(tile.key)!, nearbyBox(position))).toBe(true);
    const far = mixed.filter((tile) => tile.key !== UNPLACED_TILE && !boundsOverlap(tileBounds(tile.key)!, nearbyBox(position)));
    expect(far.length).toBeGreaterThan(0);
  });

  it('loads boxes whole beside the capped view (an area), each tile once', () => {
    const area = { south: -8.75, north: -8.45, west: 114.99, east: 115.31 };
    const { load, beyondCap } = selectTiles(tiles, { view, boxes: [area] });
    expect(load.reduce((sum, tile) => sum + tile.count, 0)).toBeGreaterThan(MAX_STATIONS_IN_VIEW);
    expect(new Set(keys(load)).size).toBe(load.length);
    expect(keys(load)).toEqual(keys(tiles.filter((tile) => tile.key !== UNPLACED_TILE && boundsOverlap(tileBounds(tile.key)!, area))));
    expect(beyondCap).toEqual([]);
  });

  it('adds the unplaced tile when asked and listed, and every tile for a search of all of Bali', () => {
    expect(keys(selectTiles(tiles, { view, unplaced: true }).load)).toContain(UNPLACED_TILE);
    expect(keys(selectTiles(tiles, { view }).load)).not.toContain(UNPLACED_TILE);
    expect(keys(selectTiles(tiles.filter((tile) => tile.key !== UNPLACED_TILE), { unplaced: true }).load)).toEqual([]);
    expect(selectTiles(tiles, { view, everything: true })).toEqual({ load: tiles, beyondCap: [] });
  });
});

const machine = (id: string, latitude: string | null, longitude: string | null): Machine => ({
  id, name: id, location: 'Bali', latitude, longitude, status: 'online', waterLevel: null, lastRefill: null, features: [],
  lastHeartbeat: null, quality: null, filter: null, connection: null, waterCheck: { lastLabTestAt: null, lastLabTestResult: null, lastSanitationAt: null, lockedFor: null }, effectivePricePerLitre: 1000, createdAt: '', updatedAt: '',
});

describe('the list merged from tiles', () => {
  it('keeps each station once, in the order its tiles arrived', () => {
    const [a, b, c] = [machine('a', '-8.6', '115.1'), machine('b', '-8.6', '115.2'), machine('c', '-8.7', '115.2')];
    expect(mergeTiles([[a, b], [{ ...b, name: 'b, moved' }, c], []]).map((m) => m.name)).toEqual(['a', 'b', 'c']);
    expect(mergeTiles([])).toEqual([]);
  });

  it('from the publisher\'s tiles, lists exactly the stations of the cells selected', () => {
    const fleet = Array.from({ length: 2_100 }, (_, i) =>
      i % 100 === 0 ? machine(`none-${i}`, null, null) : machine(`s-${i}`, String(-8.8 + (i % 30) * 0.01), String(115.05 + Math.floor(i / 30) * 0.005)));
    const { list, tiles } = stationListFiles(fleet);
    expect(list.path).toBe(STATION_LIST_SNAPSHOT_PATH);
    const file = JSON.parse(list.json) as TiledStationList;
    const view = { south: -8.7, north: -8.62, west: 115.1, east: 115.2 };
    const { load } = selectTiles(file.tiles, { view, unplaced: true });
    expect(load.length).toBeGreaterThan(2);
    const byKey = new Map(tiles.map((tile) => [tile.key, JSON.parse(tile.json) as Machine[]]));
    const merged = mergeTiles(load.map((tile) => byKey.get(tile.key)!));
    const expected = fleet.filter((m) => load.some((tile) => inTile(tile.key, parseCoordinates(m.latitude, m.longitude))));
    expect(merged.map((m) => m.id).sort()).toEqual(expected.map((m) => m.id).sort());
    expect(merged.filter((m) => m.latitude === null)).toHaveLength(21);
  });
});
