import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '@shared/schemas/machine';
import { bearer, newAccount, signInInBrowser } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { apiFetch, local } from '../support/local';

/** Issue 15, item 5: the nearest open station with water from the phone's position, its directions, and a star that stays. */
let browser: Browser;
let page: Page;
let account: Awaited<ReturnType<typeof newAccount>>;
const UBUD = { latitude: -8.5069, longitude: 115.2625 };

beforeAll(async () => {
  account = await newAccount('starring');
  browser = await launchBrowser();
  page = await (await newContext(browser, { ...PHONE, locale: 'en-US', geolocation: UBUD, permissions: ['geolocation'] })).newPage();
  await signInInBrowser(page, account.email, account.password);
});
afterAll(async () => browser?.close());

describe('favourites and the nearest open station', () => {
  it('shows the nearest open station with water and its directions, and stars it for the signed-in user', async () => {
    await page.goto(local().web + '/stations');
    await page.getByRole('button', { name: 'Nearest open station' }).click();
    const nearest = page.getByTestId('nearest-open');
    const directions = nearest.getByRole('link', { name: /^Directions to / });
    await directions.waitFor();
    const name = (await nearest.locator('h3').textContent())!;
    const station = ((await apiFetch('/api/machines')).body as Machine[]).find((m) => m.name === name)!;
    expect(station).toMatchObject({ status: 'online' });
    expect(station.waterLevel).toBeGreaterThan(0);
    expect(await directions.getAttribute('href')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${station.latitude},${station.longitude}`);
    expect(await nearest.getByTestId('distance').textContent()).toMatch(/km/);

    const star = nearest.getByRole('button', { name: `Star ${name}` });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    const box = (await star.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    expect((await apiFetch('/api/favourites', { headers: bearer(account.token) })).body).toEqual({ stationIds: [station.id] });

    // Stored, not just shown: after a reload the list's card of that station is starred too.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: `Star ${name}` }).first().getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: `Star ${name}` }).first().click();
    await expect.poll(async () => (await apiFetch('/api/favourites', { headers: bearer(account.token) })).body).toEqual({ stationIds: [] });
  });
});
