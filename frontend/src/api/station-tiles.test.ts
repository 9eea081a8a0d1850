import { describe, expect, it } from 'vitest';
import { stationListFiles } from '@functions/domain/station-list';
import type { Machine } from '@shared/schemas';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { UNPLACED_TILE, stationTileKey, tileKeysIn, type StationTileSummary, type TiledStationList } from '@shared/station-tiles';
import { MAX_TILES_IN_VIEW, cellBounds, cellsAround, mergeTiles, selectTiles } from './station-tiles';

const summary = (key: string): StationTileSummary => ({ key, count: 1, online: 1, center: null, fingerprint: key });
/** Every cell of rows × columns as a listed tile, and the unplaced one. */
const grid = (rows: number[], columns: number[]) => [...rows.flatMap((row) => columns.map((column) => summary(`${row}_${column}`))), summary(UNPLACED_TILE)];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const keys = (tiles: StationTileSummary[]) => tiles.map((tile) => tile.key).sort();
const cellOf = (key: string) => key.split('_').map(Number) as [number, number];

describe('the tiles a page loads', () => {
  const tiles = grid(range(-180, -168), range(2296, 2310));
  // Rows -174 and -173, columns 2302 and 2303 (0.05° cells: -8.69 is in row -174, 115.19 in column 2303).
  const small = { south: -8.69, north: -8.61, west: 115.11, east: 115.19 };

  it('loads the listed cells the view touches, and no cell the list does not name', () => {
    expect(keys(selectTiles(tiles, { view: small }).load)).toEqual(['-173_2302', '-173_2303', '-174_2302', '-174_2303']);
    const withoutOne = tiles.filter((tile) => tile.key !== '-173_2303');
    expect(keys(selectTiles(withoutOne, { view: small }).load)).toEqual(['-173_2302', '-174_2302', '-174_2303']);
    expect(selectTiles(tiles, { view: small }).beyondCap).toEqual([]);
  });

  it('caps the view at the cells nearest its centre and leaves the rest as counts', () => {
    // 7 by 7 cells around the cell -172_2303, whose centre is the view's (-8.575, 115.175).
    const wide = { south: -8.745, north: -8.405, west: 115.005, east: 115.345 };
    expect(tileKeysIn(wide)).toHaveLength(49);
    const { load, beyondCap } = selectTiles(tiles, { view: wide });
    expect(load).toHaveLength(MAX_TILES_IN_VIEW);
    expect(beyondCap).toHaveLength(49 - MAX_TILES_IN_VIEW);
    const distance = ({ key }: StationTileSummary) => {
      const { south, north, west, east } = cellBounds(key);
      return Math.hypot((south + north) / 2 + 8.575, (west + east) / 2 - 115.175);
    };
    expect(Math.max(...load.map(distance))).toBeLessThanOrEqual(Math.min(...beyondCap.map(distance)) + 1e-12);
    expect(keys(load)).toEqual(expect.arrayContaining(tileKeysIn(cellsAround({ latitude: -8.575, longitude: 115.175 }))));
  });

  it('loads boxes whole beside the capped view: an area, the cells around the visitor', () => {
    const area = { south: -8.9, north: -8.41, west: 114.81, east: 115.49 };
    const { load, beyondCap } = selectTiles(tiles, { view: small, boxes: [area] });
    expect(load.length).toBe(new Set([...tileKeysIn(area), ...tileKeysIn(small)]).size);
    expect(load.length).toBeGreaterThan(MAX_TILES_IN_VIEW);
    expect(new Set(keys(load)).size).toBe(load.length);
    expect(beyondCap).toEqual([]);
  });

  it('adds the unplaced tile when asked and listed, and every tile for a search of all of Bali', () => {
    expect(keys(selectTiles(tiles, { view: small, unplaced: true }).load)).toContain(UNPLACED_TILE);
    expect(keys(selectTiles(tiles, { view: small }).load)).not.toContain(UNPLACED_TILE);
    expect(keys(selectTiles(tiles.filter((tile) => tile.key !== UNPLACED_TILE), { unplaced: true }).load)).toEqual([]);
    const wide = { south: -9, north: -8, west: 114.5, east: 115.7 };
    expect(selectTiles(tiles, { view: wide, everything: true })).toEqual({ load: tiles, beyondCap: [] });
  });

  it('takes the 3×3 cells around a position, also on a cell\'s corner', () => {
    for (const position of [{ latitude: -8.6476, longitude: 115.1369 }, { latitude: -8.65, longitude: 115.15 }, { latitude: -8.7999999, longitude: 115.2000001 }]) {
      const [row, column] = cellOf(stationTileKey(position));
      const expected = range(row - 1, row + 1).flatMap((r) => range(column - 1, column + 1).map((c) => `${r}_${c}`));
      expect(tileKeysIn(cellsAround(position)).sort()).toEqual(expected.sort());
    }
  });

  it('gives a cell\'s box, which touches that cell only', () => {
    expect(tileKeysIn({ ...cellBounds('-173_2302'), north: cellBounds('-173_2302').north - 1e-9, east: cellBounds('-173_2302').east - 1e-9 })).toEqual(['-173_2302']);
    expect(cellBounds('-173_2302')).toEqual({ south: -8.65, north: -8.6, west: 115.1, east: 115.15 });
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
    const byKey = new Map(tiles.map((tile) => [tile.key, JSON.parse(tile.json) as Machine[]]));
    const merged = mergeTiles(load.map((tile) => byKey.get(tile.key)!));
    const wanted = new Set(load.map((tile) => tile.key));
    const expected = fleet.filter((m) => wanted.has(stationTileKey(m.latitude === null ? null : { latitude: Number(m.latitude), longitude: Number(m.longitude) })));
    expect(merged.map((m) => m.id).sort()).toEqual(expected.map((m) => m.id).sort());
    expect(merged.filter((m) => m.latitude === null)).toHaveLength(21);
  });
});
