import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationListFiles } from '@functions/stations/domain/station-list';
import { AREAS, MAP_DEFAULTS, STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { Machine } from '@shared/schemas/machine';
import {
  AREA_BOUNDS,
  boundsOverlap,
  inTile,
  STATION_TILE_PATH_PREFIX,
  stationTilePath,
  tileBounds,
  UNPLACED_TILE,
  type Bounds,
  type TiledStationList,
} from '@shared/station-tiles';
import type { LatLng } from '@shared/geo';
import { MAX_STATIONS_IN_VIEW } from '../../frontend/src/api/station-tiles';
import { seededAccount, signInInBrowser } from '../support/auth';
import { DESKTOP, followRequests, launchBrowser, mapAtRest, networkSettled, newContext, PHONE } from '../support/browser';
import { apiFetch, local } from '../support/local';

/**
 * The finder over a tiled station list (shared/station-tiles.ts): the local table stays under the threshold (the other
 * files share it), so the publisher's own files for 2,500 synthetic stations are served in place of the edge's.
 */

const PER_AREA = 400;
const FAR_STATION = 'Amed Reef Refill';

/** 400 stations in each finder area, addressed there; 480 elsewhere on Bali; 20 without coordinates. */
function syntheticFleet(template: Machine): Machine[] {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const station = (id: string, name: string, location: string, at: [number, number] | null): Machine => ({
    ...template,
    id,
    name,
    location,
    latitude: at ? at[0].toFixed(5) : null,
    longitude: at ? at[1].toFixed(5) : null,
    status: Number(id.slice(-1)) % 5 === 0 ? 'offline' : 'online',
  });
  const inAreas = AREAS.flatMap((area) => {
    const { south, north, west, east } = AREA_BOUNDS[area];
    return Array.from({ length: PER_AREA }, (_, i) =>
      station(`TIL-${area}-${i}`, `${area} Refill ${i}`, `Jl. Uji ${i}, ${area}, Bali`, [south + random() * (north - south), west + random() * (east - west)]));
  });
  const towns = [['Singaraja', -8.115, 115.09], ['Negara', -8.36, 114.62], ['Nusa Dua', -8.8, 115.22], ['Tabanan', -8.54, 115.125], ['Candidasa', -8.5, 115.565], ['Amed', -8.345, 115.655]] as const;
  const elsewhere = towns.flatMap(([town, latitude, longitude]) =>
    Array.from({ length: 80 }, (_, i) =>
      station(`TIL-${town}-${i}`, town === 'Amed' && i === 0 ? FAR_STATION : `${town} Refill ${i}`, `Jl. Pantai ${i}, ${town}, Bali`, [latitude + (random() - 0.5) * 0.04, longitude + (random() - 0.5) * 0.04])));
  const unplaced = Array.from({ length: 20 }, (_, i) => station(`TIL-none-${i}`, `Kiosk Without Map ${i}`, 'Jl. Raya, Bali', null));
  return [...inAreas, ...elsewhere, ...unplaced];
}

let browser: Browser;
let fleet: Machine[];
let summaries: TiledStationList['tiles'];
let files: Map<string, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  const seeded = (await apiFetch('/api/machines')).body as Machine[];
  fleet = syntheticFleet(seeded.find((m) => m.status === 'online' && m.latitude !== null && !m.waterCheck.lockedFor)!);
  const { list, tiles } = stationListFiles(fleet);
  summaries = (JSON.parse(list.json) as TiledStationList).tiles;
  files = new Map([[list.path, list.json], ...tiles.map((tile): [string, string] => [tile.path, tile.json])]);
});
afterAll(async () => browser?.close());

type TileServing = { tileDelayMs?: number; olderFirst?: (path: string, body: string) => string | null };

/** Serves the tiled files in place of the edge's; the keys of the tiles the page asked for, in order. */
async function serveTiledFiles(page: Page, options: TileServing = {}): Promise<string[]> {
  const requested: string[] = [];
  const serve = (path: string) => {
    const body = files.get(path);
    return body ? { contentType: 'application/json', body } : { status: 404 };
  };
  await page.route(`**${STATION_LIST_SNAPSHOT_PATH}`, (route) => route.fulfill(serve(STATION_LIST_SNAPSHOT_PATH)));
  await page.route(`**${STATION_TILE_PATH_PREFIX}*.json`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    requested.push(path.slice(STATION_TILE_PATH_PREFIX.length, -'.json'.length));
    if (options.tileDelayMs) await new Promise((r) => setTimeout(r, options.tileDelayMs));
    // The edge may still serve a tile's previous file for a while after the list named the new one.
    const older = requested.filter((key) => stationTilePath(key) === path).length === 1 ? options.olderFirst?.(path, files.get(path) ?? '') : null;
    await route.fulfill(older ? { contentType: 'application/json', body: older } : serve(path));
  });
  return requested;
}

/** The finder with the tiled files served in place of the edge's, and the keys of the tiles it asked for, in order. */
async function tiledFinder(options: TileServing & { context?: Parameters<typeof newContext>[1] } = {}): Promise<{ context: BrowserContext; page: Page; requested: string[] }> {
  const context = await newContext(browser, { ...DESKTOP, locale: 'en-US', ...options.context });
  const page = followRequests(await context.newPage());
  const requested = await serveTiledFiles(page, options);
  await page.goto(local().web + '/stations');
  await page.getByTestId('station-count').getByText(/\d+ stations?/).waitFor();
  return { context, page, requested };
}

const map = (page: Page) => page.getByRole('region', { name: 'Map of stations' });
const list = (page: Page) => page.getByRole('region', { name: 'Stations', exact: true });
const count = async (page: Page) => Number((await page.getByTestId('station-count').innerText()).match(/\d+/)![0]);
const stationsIn = (keys: Iterable<string>) => [...new Set(keys)].reduce((sum, key) => sum + summaries.find((tile) => tile.key === key)!.count, 0);
/** The key of the tile holding a position. */
const tileAt = (position: LatLng) => summaries.find((tile) => inTile(tile.key, position))!.key;
const tilesOverlapping = (box: Bounds) => summaries.filter((tile) => tile.key !== UNPLACED_TILE && boundsOverlap(tileBounds(tile.key)!, box)).map((tile) => tile.key);
const AMED = { latitude: -8.345, longitude: 115.655 };
/** Waits for the map to have drawn and stopped moving, and for the tiles its view asked for. */
async function mapSettled(page: Page) {
  await map(page).locator('canvas.maplibregl-canvas').waitFor({ timeout: 30_000 });
  await mapAtRest(map(page));
  await networkSettled(page);
}

describe('the finder over a tiled station list', () => {
  it('asks only for the tiles its view touches and the unplaced one, each once', async () => {
    const { context, page, requested } = await tiledFinder();
    await mapSettled(page);
    // The view at zoom 12 around the default centre, in MapLibre's 512-pixel tiles, with a margin on each side.
    const { width, height } = (await map(page).boundingBox())!;
    const degrees = (pixels: number) => pixels / ((512 * 2 ** MAP_DEFAULTS.zoom) / 360);
    const margin = 0.01;
    const inView = tilesOverlapping({
      south: MAP_DEFAULTS.latitude - degrees(height) / 2 - margin,
      north: MAP_DEFAULTS.latitude + degrees(height) / 2 + margin,
      west: MAP_DEFAULTS.longitude - degrees(width) / 2 - margin,
      east: MAP_DEFAULTS.longitude + degrees(width) / 2 + margin,
    });
    const placed = requested.filter((key) => key !== UNPLACED_TILE);
    expect(requested).toContain(UNPLACED_TILE);
    expect(placed).toContain(tileAt(MAP_DEFAULTS));
    expect(placed.filter((key) => !inView.includes(key))).toEqual([]);
    expect(stationsIn(placed)).toBeLessThanOrEqual(MAX_STATIONS_IN_VIEW);
    // Ubud and the towns elsewhere are not in view: their tiles were not asked for.
    expect(requested).not.toContain(tileAt(AMED));
    const ubudOnly = tilesOverlapping(AREA_BOUNDS.Ubud).filter((key) => !inView.includes(key));
    expect(ubudOnly.length).toBeGreaterThan(0);
    expect(ubudOnly.filter((key) => requested.includes(key))).toEqual([]);
    expect(new Set(requested).size).toBe(requested.length);
    // The count line counts the stations of the tiles loaded: all of them are listed.
    expect(await count(page)).toBe(stationsIn(requested));

    // A small move keeps the same tiles: none is asked for again.
    const box = (await map(page).boundingBox())!;
    const before = requested.length;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 8, box.y + box.height / 2 + 8, { steps: 4 });
    await page.mouse.up();
    await mapSettled(page);
    expect(requested.slice(before).filter((key) => requested.indexOf(key) < before)).toEqual([]);
    await context.close();
  }, 90_000);

  it('loads Ubud\'s tiles when Ubud is chosen and lists its stations', async () => {
    const { context, page, requested } = await tiledFinder();
    await page.getByRole('combobox', { name: 'Area' }).selectOption('Ubud');
    await page.getByTestId('station-count').getByText(`${PER_AREA} stations`, { exact: true }).waitFor();
    const ubudTiles = tilesOverlapping(AREA_BOUNDS.Ubud);
    expect(ubudTiles.length).toBeGreaterThan(1);
    expect(requested).toEqual(expect.arrayContaining(ubudTiles));
    const names = await list(page).locator('article h3').allInnerTexts();
    expect(names.length).toBeGreaterThan(3);
    expect(names.every((name) => name.startsWith('Ubud Refill'))).toBe(true);
    await context.close();
  }, 90_000);

  it('finds a station far from the view once the visitor searches all of Bali, showing the progress', async () => {
    const { context, page, requested } = await tiledFinder({ tileDelayMs: 150 });
    const search = page.getByPlaceholder('Search stations or locations...');
    // The stations without coordinates are in the list from the start.
    await search.fill('Kiosk Without Map 7');
    await list(page).getByRole('heading', { name: 'Kiosk Without Map 7', exact: true }).waitFor();

    await search.fill(FAR_STATION);
    await page.getByText('No stations found matching your criteria').waitFor();
    expect(requested).not.toContain(tileAt(AMED));
    await page.getByRole('button', { name: 'Search all of Bali' }).click();
    await page.getByRole('status').filter({ hasText: new RegExp(`Searching all of Bali: \\d+ of ${summaries.length} areas loaded`) }).waitFor();
    await list(page).getByRole('heading', { name: FAR_STATION, exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('station-count').innerText()).toBe('1 station');
    expect([...new Set(requested)].sort()).toEqual(summaries.map((tile) => tile.key).sort());

    await search.fill('');
    await page.getByTestId('station-count').getByText(`${fleet.length} stations`, { exact: true }).waitFor();
    await context.close();
  }, 90_000);

  it('shows the counts of the tiles beyond the cap when zoomed out, and loads no more than the cap', async () => {
    const { context, page, requested } = await tiledFinder();
    await mapSettled(page);
    for (let i = 0; i < 4; i++) {
      await map(page).getByRole('button', { name: 'Zoom out' }).click();
      await mapSettled(page);
    }
    await page.getByText('Zoom in or pick an area to see the rest.', { exact: false }).waitFor();
    await networkSettled(page);
    // The whole island is in view. Each view asked for the cap's worth of stations at most (the wider views around the
    // same centre share most of their nearest tiles); without the cap it would be every tile.
    const placed = new Set(requested.filter((key) => key !== UNPLACED_TILE));
    expect(stationsIn(placed)).toBeLessThan(fleet.length - 20);
    expect(placed.size).toBeLessThan(summaries.length - 1);
    // Every station with coordinates is counted on the map: those loaded in clusters, the other tiles' by their counts.
    const unplaced = fleet.filter((m) => m.latitude === null).length;
    const bubbles = map(page).locator('.map-cluster');
    const onMap = async () => (await bubbles.allInnerTexts()).reduce((sum, n) => sum + Number(n), 0);
    await expect.poll(onMap, { timeout: 10_000 }).toBe(fleet.length - unplaced);
    const listed = (await count(page)) - unplaced;
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThanOrEqual(MAX_STATIONS_IN_VIEW);

    // A count far east zooms the map there, until the tile of Amed loads.
    const amed = tileAt(AMED);
    expect(requested).not.toContain(amed);
    for (let i = 0; i < 6 && !requested.includes(amed); i++) {
      const boxes = await bubbles.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().right));
      await bubbles.nth(boxes.indexOf(Math.max(...boxes))).click();
      await mapSettled(page);
    }
    expect(requested).toContain(amed);
    await context.close();
  }, 90_000);

  it('loads the tiles around the visitor for Find Nearby and the nearest open station', async () => {
    const { context, page, requested } = await tiledFinder({ context: { geolocation: AMED, permissions: ['geolocation'] } });
    await page.getByText('Nearest first').waitFor();
    expect(requested).toContain(tileAt(AMED));
    // Sorted by distance once Amed's tile has arrived.
    await expect.poll(() => list(page).locator('article').first().innerText(), { timeout: 10_000 }).toContain(', Amed, Bali');
    await page.getByRole('button', { name: 'Nearest open station' }).click();
    expect(await page.getByTestId('nearest-open').locator('article').innerText()).toContain(', Amed, Bali');
    await context.close();
  }, 90_000);

  it('asks again for a tile the edge served older than the list names, and shows the newer one', async () => {
    const canggu = stationTilePath(tileAt(MAP_DEFAULTS));
    const { context, page, requested } = await tiledFinder({
      olderFirst: (path, body) => (path === canggu ? body.replace(/"name":"Canggu Refill (\d+)"/g, '"name":"Old Canggu $1"') : null),
    });
    const search = page.getByPlaceholder('Search stations or locations...');
    await search.fill('Old Canggu');
    await page.getByTestId('station-count').getByText(/[1-9]\d* stations?/).waitFor();
    // Its SHA-256 is not the list's fingerprint: asked for again within seconds, and the older names are gone.
    await page.getByText('No stations found matching your criteria').waitFor({ timeout: 15_000 });
    expect(requested.filter((key) => stationTilePath(key) === canggu)).toHaveLength(2);
    await search.fill('Canggu Refill');
    await page.getByTestId('station-count').getByText(/[1-9]\d* stations?/).waitFor();
    await context.close();
  }, 90_000);

  it('shows the stations of the tiles last loaded when the network fails', async () => {
    const { context, page } = await tiledFinder();
    await mapSettled(page);
    const shown = await count(page);
    await page.unrouteAll();
    await page.route(`**${STATION_LIST_SNAPSHOT_PATH}`, (route) => route.abort('internetdisconnected'));
    await page.route(`**${STATION_TILE_PATH_PREFIX}*.json`, (route) => route.abort('internetdisconnected'));
    await page.route('**/api/machines', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText(/Showing the station list saved/).waitFor();
    expect(await count(page)).toBe(shown);
    expect(await page.getByText('Stations could not be loaded').count()).toBe(0);
    await context.close();
  }, 90_000);
});

describe('the app over a tiled station list', () => {
  it('opens its map on a station far from the person (a link) by asking for that station, and only then', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US', geolocation: MAP_DEFAULTS, permissions: ['geolocation'] });
    const page = await context.newPage();
    const requested = await serveTiledFiles(page);
    const far = fleet.find((m) => m.name === FAR_STATION)!;
    const asked: string[] = [];
    // The synthetic stations are not in the local table: the API's answer for one is served here too.
    await page.route('**/api/machines/TIL-*', (route) => {
      const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!);
      asked.push(id);
      const machine = fleet.find((m) => m.id === id);
      return route.fulfill(machine ? { contentType: 'application/json', body: JSON.stringify(machine) } : { status: 404 });
    });
    const user = seededAccount('user');
    await signInInBrowser(page, user.username, user.password);

    await page.goto(`${local().web}/app/map?machine=${far.id}`);
    await page.getByRole('heading', { name: FAR_STATION }).waitFor({ timeout: 15_000 });
    expect(requested).not.toContain(tileAt(AMED));
    expect(asked).toEqual([far.id]);
    // A station of the tiles around the person is shown from them, with no request of its own.
    const near = fleet.find((m) => m.latitude !== null && inTile(tileAt(MAP_DEFAULTS), { latitude: Number(m.latitude), longitude: Number(m.longitude) }))!;
    await page.goto(`${local().web}/app/map?machine=${near.id}`);
    await page.getByRole('heading', { name: near.name }).waitFor({ timeout: 15_000 });
    expect(asked).toEqual([far.id]);
    await context.close();
  }, 90_000);
});
