import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm, parseCoordinates } from '@shared/geo';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { Machine } from '@shared/schemas/machine';
import { DESKTOP, followRequests, launchBrowser, mapAtRest, networkSettled, newContext, painted } from '../support/browser';
import { apiFetch, local } from '../support/local';

/** Issue 3: the public stations page (search, area, distance, status, virtual list) and the lazily loaded maps. */

let browser: Browser;
let machines: Machine[];

beforeAll(async () => {
  browser = await launchBrowser();
  machines = (await apiFetch('/api/machines')).body as Machine[];
});
afterAll(async () => browser?.close());

async function stationsPage(options: Parameters<typeof newContext>[1] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...DESKTOP, locale: 'en-US', ...options });
  const page = await context.newPage();
  await page.goto(local().web + '/stations');
  await page.getByTestId('station-count').getByText(/\d+ stations?/).waitFor();
  return { context, page };
}

const list = (page: Page) => page.getByRole('region', { name: 'Stations', exact: true });
/** Names of every card, scrolling through the virtual list to render them all. */
async function cardNames(page: Page): Promise<string[]> {
  const names = new Set<string>();
  const scroller = list(page);
  const { height, total } = await scroller.evaluate((el) => ({ height: el.clientHeight, total: el.scrollHeight }));
  for (let top = 0; ; top += height / 2) {
    await scroller.evaluate((el, y) => el.scrollTo(0, y), top);
    await painted(page);
    (await scroller.locator('article h3').allInnerTexts()).forEach((n) => names.add(n));
    if (top >= total) break;
  }
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  return [...names];
}
const count = async (page: Page) => Number((await page.getByTestId('station-count').innerText()).match(/\d+/)![0]);
const matching = (predicate: (m: Machine) => boolean) => machines.filter(predicate).map((m) => m.name).sort();

describe('the station list', () => {
  it('narrows by search on name or address, case-insensitively', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const served = page.waitForResponse((response) => new URL(response.url()).pathname === STATION_LIST_SNAPSHOT_PATH);
    await page.goto(local().web + '/stations');
    await page.getByTestId('station-count').getByText(/\d+ stations?/).waitFor();
    // Every station of the file the page read: the edge's list follows the table a moment later, and other tests of
    // this run add stations meanwhile, so the table's count may already be ahead of it.
    const listed = (await (await served).json()) as Machine[];
    expect(Array.isArray(listed)).toBe(true);
    expect(await count(page)).toBe(listed.length);
    await page.getByPlaceholder('Search stations or locations...').fill('bEaCh');
    const expected = matching((m) => m.name.toLowerCase().includes('beach') || m.location.toLowerCase().includes('beach'));
    await page.getByTestId('station-count').getByText(`${expected.length} stations`).waitFor();
    expect((await cardNames(page)).sort()).toEqual(expected);
    // An address-only match: no station is named after this street.
    await page.getByPlaceholder('Search stations or locations...').fill('jl. kayu aya');
    await page.getByTestId('station-count').getByText('1 station', { exact: true }).waitFor();
    expect(await cardNames(page)).toEqual(['Seminyak Square']);
    await context.close();
  });

  it('narrows by area (address contains the area) and combines with the search', async () => {
    const { context, page } = await stationsPage();
    expect(await page.getByRole('combobox', { name: 'Area' }).locator('option').allInnerTexts()).toEqual(['All Areas', 'Seminyak', 'Canggu', 'Ubud', 'Denpasar', 'Sanur']);
    await page.getByRole('combobox', { name: 'Area' }).selectOption('Ubud');
    const ubud = matching((m) => m.location.toLowerCase().includes('ubud'));
    await page.getByTestId('station-count').getByText(`${ubud.length} stations`).waitFor();
    expect((await cardNames(page)).sort()).toEqual(ubud);
    await page.getByPlaceholder('Search stations or locations...').fill('market');
    const both = matching((m) => m.location.toLowerCase().includes('ubud') && (m.name + m.location).toLowerCase().includes('market'));
    await page.getByTestId('station-count').getByText(new RegExp(`^${both.length} stations?$`)).waitFor();
    expect((await cardNames(page)).sort()).toEqual(both);
    await context.close();
  });

  it('says so when nothing matches', async () => {
    const { context, page } = await stationsPage();
    await page.getByPlaceholder('Search stations or locations...').fill('no such station anywhere');
    await page.getByText('No stations found matching your criteria').waitFor();
    expect(await list(page).count()).toBe(0);
    await context.close();
  });

  it('reads the list from the file at the edge: no API call, so no DynamoDB read, per page view', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await page.goto(local().web + '/stations');
    await list(page).locator('article').first().waitFor();
    expect(paths).toContain(STATION_LIST_SNAPSHOT_PATH);
    expect(paths.filter((path) => path.startsWith('/api/'))).toEqual([]);
    await context.close();
  });

  it('shows Loading stations... until the list arrives', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${STATION_LIST_SNAPSHOT_PATH}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(local().web + '/stations');
    await page.getByRole('status').filter({ hasText: 'Loading stations...' }).first().waitFor();
    expect(await list(page).count()).toBe(0);
    release();
    await list(page).locator('article').first().waitFor();
    expect(await page.getByText('Loading stations...').count()).toBe(0);
    await context.close();
  });

  it('shows status with a label, water level or unknown, last refill, features, Directions and Start Refill', async () => {
    const { context, page } = await stationsPage();
    const card = (name: string) => list(page).locator('article', { has: page.getByRole('heading', { name, exact: true }) });
    const search = page.getByPlaceholder('Search stations or locations...');

    await search.fill('Seminyak Square');
    const square = card('Seminyak Square');
    await square.waitFor();
    const m = machines.find((x) => x.name === 'Seminyak Square')!;
    expect(await square.innerText()).toContain('Jl. Kayu Aya, Seminyak, Badung, Bali');
    expect(await square.locator('[data-status="online"]').innerText()).toBe('Online');
    expect(await square.innerText()).toContain(`Water level: ${m.waterLevel}%`);
    expect(await square.innerText()).toMatch(/Last refill: (yesterday|today|\d+ (hours?|days?) ago|now|this minute)/);
    for (const feature of m.features) expect(await square.getByRole('list', { name: 'Features' }).innerText()).toContain(feature);
    const directions = square.getByRole('link', { name: 'Directions to Seminyak Square' });
    expect(await directions.getAttribute('href')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${m.latitude},${m.longitude}`);
    expect(await directions.getAttribute('target')).toBe('_blank');
    // Start Refill opens the station's own page, where a guest pays without an account.
    const refill = square.getByRole('link', { name: 'Pay for a refill at Seminyak Square' });
    expect(await refill.innerText()).toBe('Start Refill');
    expect(await refill.getAttribute('href')).toBe('/s/HRL-00001');

    const labels: [string, string, string][] = [['Double Six Beach', 'offline', 'Offline'], ['Waterbom Bali', 'maintenance', 'Maintenance'], ['Teuku Umar Barat', 'unknown', 'Unknown']];
    for (const [name, tone, label] of labels) {
      await search.fill(name);
      await card(name).waitFor();
      expect(await card(name).locator(`[data-status="${tone}"]`).innerText(), name).toBe(label);
    }

    // A station without coordinates or water level: shown as unknown, nothing invented, no directions.
    const bare = machines.find((x) => x.latitude === null && x.waterLevel === null)!;
    await search.fill(bare.id.slice(-5) === '00034' ? 'Bypass Ngurah Rai' : bare.location);
    await card(bare.name).waitFor();
    expect(await card(bare.name).innerText()).toContain('Water level: unknown');
    expect(await card(bare.name).getByRole('button', { name: 'Directions' }).isDisabled()).toBe(true);
    expect(await card(bare.name).getByTestId('distance').count()).toBe(0);
    await context.close();
  });

  it('sorts by distance with one decimal when the location is known, the open stations (online, with water) first', async () => {
    const origin = { latitude: -8.5069, longitude: 115.2625 }; // Ubud Art Market
    const { context, page } = await stationsPage({ geolocation: origin, permissions: ['geolocation'] });
    await page.getByText('Nearest first').waitFor();
    const first = list(page).locator('article').first();
    expect(await first.getByRole('heading').innerText()).toBe('Ubud Art Market');
    expect(await first.getByTestId('distance').innerText()).toMatch(/^0\.0 km/);
    const rendered = await list(page).locator('article').evaluateAll((cards) =>
      cards.map((c) => [c.querySelector('h3')!.textContent!, Number.parseFloat(c.querySelector('[data-testid=distance]')?.textContent ?? 'NaN')] as const));
    const expected = machines
      .flatMap((m) => {
        const at = parseCoordinates(m.latitude, m.longitude);
        return at ? [[m.name, Math.round(distanceKm(origin, at) * 10) / 10, m.status === 'online' && (m.waterLevel ?? 0) > 0 ? 0 : 1] as const] : [];
      })
      .sort((a, b) => a[2] - b[2] || a[1] - b[1]);
    for (let i = 0; i < rendered.length; i++) {
      expect(rendered[i]![1], rendered[i]![0]).toBeCloseTo(expected[i]![1], 1);
      if (i > 0 && expected[i]![2] === expected[i - 1]![2]) expect(rendered[i]![1]).toBeGreaterThanOrEqual(rendered[i - 1]![1]);
    }
    await context.close();
  });

  it('tolerates a denied location silently: no distances, no error', async () => {
    const errors: string[] = [];
    const { context, page } = await stationsPage({ permissions: [] });
    page.on('pageerror', (e) => errors.push(e.message));
    // The page hears the refusal (a flag set after its own error callback ran), then renders what it makes of it.
    await page.evaluate(() => {
      const geolocation = navigator.geolocation;
      const ask = geolocation.getCurrentPosition.bind(geolocation);
      geolocation.getCurrentPosition = (found, refused, options) =>
        ask(found, (error) => {
          refused?.(error);
          (window as unknown as { locationRefused: boolean }).locationRefused = true;
        }, options);
    });
    await page.getByRole('button', { name: 'Find Nearby' }).click();
    await page.waitForFunction(() => (window as unknown as { locationRefused?: boolean }).locationRefused);
    await painted(page);
    expect(await list(page).getByTestId('distance').count()).toBe(0);
    expect(await page.getByText('Nearest first').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps 1,000 stations smooth: only the visible cards are rendered and the map clusters them', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    // A synthetic fleet spread over southern Bali, served in place of the API's answer.
    const fleet: Machine[] = Array.from({ length: 1000 }, (_, i) => ({
      ...machines[0]!,
      id: `TST-${String(i).padStart(4, '0')}`,
      name: `Test Station ${i}`,
      latitude: String(-8.6 - (i % 40) * 0.004),
      longitude: String(115.1 + Math.floor(i / 40) * 0.006),
      status: (['online', 'offline', 'maintenance', 'locked'] as const)[i % 4]!,
    }));
    await page.route(`**${STATION_LIST_SNAPSHOT_PATH}`, (route) => route.fulfill({ json: fleet }));
    await page.goto(local().web + '/stations');
    await page.getByTestId('station-count').getByText('1000 stations').waitFor();
    // The list's code comes alongside the stations (docs/architecture.md, "Router-free first render").
    await list(page).locator('article').first().waitFor();
    const rendered = await list(page).locator('article').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(40);
    await list(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await list(page).getByRole('heading', { name: 'Test Station 999', exact: true }).waitFor();
    // Clusters are drawn as buttons with their count.
    await page.locator('.map-cluster').first().waitFor({ timeout: 30_000 });
    const clusters = await page.locator('.map-cluster').allInnerTexts();
    const clustered = clusters.reduce((sum, n) => sum + Number(n), 0);
    expect(clustered).toBeGreaterThan(1);
    expect(clusters.length).toBeLessThan(1000);
    await context.close();
  }, 90_000);
});

describe('maps', () => {
  /** Colour of the map canvas at a point of the page, read from a screenshot. */
  async function pixel(page: Page, x: number, y: number) {
    const png = await page.screenshot({ clip: { x: x - 1, y: y - 1, width: 3, height: 3 } });
    return page.evaluate(async (b64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${b64}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const [r, g, b] = ctx.getImageData(Math.floor(image.width / 2), Math.floor(image.height / 2), 1, 1).data;
      return [r!, g!, b!];
    }, png.toString('base64'));
  }

  it('draws the offline basemap with markers coloured by status and a popup per station', async () => {
    const { context, page } = await stationsPage();
    const map = page.getByRole('region', { name: 'Map of stations' });
    await map.locator('canvas.maplibregl-canvas').waitFor({ timeout: 30_000 });
    // The shipped basemap: area names, no tile server needed.
    for (const area of ['Canggu', 'Seminyak', 'Denpasar']) await map.locator('.map-area-label', { hasText: area }).first().waitFor({ state: 'attached' });

    const check = async (name: string, expected: 'green' | 'red') => {
      await page.getByPlaceholder('Search stations or locations...').fill(name);
      const card = list(page).locator('article', { has: page.getByRole('heading', { name, exact: true }) });
      await card.getByRole('button', { name: 'Show on map' }).click();
      const popup = map.locator('.maplibregl-popup');
      await popup.getByText(name).waitFor();
      await mapAtRest(map); // the flight to the station has ended: it is at the map's centre
      const box = (await map.boundingBox())!;
      const [r, g, b] = await pixel(page, box.x + box.width / 2, box.y + box.height / 2);
      if (expected === 'green') expect(g, `${name} rgb(${r},${g},${b})`).toBeGreaterThan(r! + 60);
      else expect(r, `${name} rgb(${r},${g},${b})`).toBeGreaterThan(g! + 60);
      return popup;
    };
    const popup = await check('Seminyak Square', 'green');
    expect(await popup.innerText()).toContain('Online');
    expect(await popup.getByRole('link', { name: 'Directions' }).getAttribute('href')).toContain('destination=-8.6862,115.1636');
    expect(await (await check('Double Six Beach', 'red')).innerText()).toContain('Offline');
    await context.close();
  }, 90_000);

  it('keeps maplibre out of the landing page until the map is about to be shown', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const page = followRequests(await context.newPage());
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(local().web + '/');
    await page.getByRole('list', { name: 'Online stations' }).waitFor();
    await networkSettled(page);
    expect(requested.filter((u) => /maplibre|features\/map\/engine/.test(u))).toEqual([]);
    await page.locator('#stations').scrollIntoViewIfNeeded();
    const map = page.getByRole('region', { name: 'Map of online stations' });
    await map.locator('canvas.maplibregl-canvas').waitFor({ timeout: 30_000 });
    expect(requested.some((u) => /maplibre/.test(u))).toBe(true);
    await context.close();
  }, 90_000);
});
