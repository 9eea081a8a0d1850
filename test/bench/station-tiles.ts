import { gzipSync } from 'node:zlib';
import { stationListFiles } from '@functions/stations/domain/station-list';
import { MAP_DEFAULTS } from '@shared/constants';
import type { Machine } from '@shared/schemas/machine';
import { AREA_BOUNDS } from '@shared/station-tiles';
import { around, selectTiles, type TileWants } from '../../frontend/src/api/station-tiles';
import { viewAround } from '../../frontend/src/features/map/view';
import { round, type Figure } from './stats';

/** The fleet size the area tiles are measured at: the target fleet. */
const FLEET = 100_000;
/** The finder's map on a phone (390 px wide) and on a desktop (about 700 by 800 px beside the list). */
const VIEWS = { phone: { width: 390, height: 340 }, desktop: { width: 700, height: 800 } } as const;

/** A deterministic generator (mulberry32): the same fleet in every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * FLEET stations made from the seeded ones (every field as the public list has it): 70 % around the seeded places
 * (within about 2 km, where refill demand is), 30 % spread over south and central Bali, 0.1 % without coordinates.
 */
function syntheticFleet(templates: Machine[]): Machine[] {
  const next = random(18);
  const placed = templates.filter((m) => m.latitude && m.longitude);
  return Array.from({ length: FLEET }, (_, i) => {
    const template = placed[i % placed.length]!;
    const near = next() < 0.7;
    const latitude = near ? Number(template.latitude) + (next() - 0.5) * 0.04 : -8.85 + next() * 0.55;
    const longitude = near ? Number(template.longitude) + (next() - 0.5) * 0.04 : 114.95 + next() * 0.65;
    const unplaced = i % 1000 === 999;
    return {
      ...template,
      id: `SYN-${String(i).padStart(6, '0')}`,
      name: `${template.name} ${i}`,
      latitude: unplaced ? null : latitude.toFixed(4),
      longitude: unplaced ? null : longitude.toFixed(4),
      waterLevel: Math.floor(next() * 100),
    };
  });
}

const gzipKb = (json: string) => gzipSync(json).length / 1024;

/**
 * What a page downloads of the station list at 100,000 stations (docs/scale.md, "Area tiles"), gzip as CloudFront
 * sends it: the list file and the tiles the page's selection (frontend/src/api/station-tiles.ts) loads, beside the
 * whole list it replaces. No DynamoDB and no stack: the publisher's files are computed as it computes them.
 */
export function benchStationTiles(templates: Machine[], log: (line: string) => void): Figure[] {
  const started = Date.now();
  const fleet = syntheticFleet(templates);
  const whole = gzipKb(JSON.stringify(fleet));
  const { list, tiles } = stationListFiles(fleet);
  const listKb = gzipKb(list.json);
  const tileKb = new Map(tiles.map((tile) => [tile.key, gzipKb(tile.json)]));
  const summaries = (JSON.parse(list.json) as { tiles: Parameters<typeof selectTiles>[0] }).tiles;
  const page = (wants: TileWants) => {
    const { load } = selectTiles(summaries, wants);
    return { kb: listKb + load.reduce((sum, tile) => sum + tileKb.get(tile.key)!, 0), stations: load.reduce((sum, tile) => sum + tile.count, 0) };
  };
  const rows: [string, TileWants][] = [
    ['the finder on a phone, first view', { view: viewAround(MAP_DEFAULTS, MAP_DEFAULTS.zoom, VIEWS.phone.width, VIEWS.phone.height), unplaced: true }],
    ['the finder on a desktop, first view', { view: viewAround(MAP_DEFAULTS, MAP_DEFAULTS.zoom, VIEWS.desktop.width, VIEWS.desktop.height), unplaced: true }],
    ['the finder showing Ubud (area chosen)', { boxes: [AREA_BOUNDS.Ubud], unplaced: true }],
    ['the app home near Seminyak Square', around({ latitude: -8.6862, longitude: 115.1636 })],
  ];
  log(`station list at ${FLEET.toLocaleString('en-US')} stations: ${tiles.length} tiles, list file ${round(listKb, 1)} KB, whole list ${round(whole, 0)} KB gzip (${Math.round((Date.now() - started) / 1000)} s)`);
  return rows.map(([name, wants]) => {
    const { kb, stations } = page(wants);
    log(`  ${name}: ${round(kb, 1)} KB for ${stations.toLocaleString('en-US')} stations`);
    return { group: 'stations', figure: `station list bytes at ${FLEET.toLocaleString('en-US')} stations: ${name} (gzip; baseline the whole list)`, value: round(kb, 1), baseline: round(whole, 1), ratio: round(kb / whole, 3), unit: 'KB' };
  });
}
