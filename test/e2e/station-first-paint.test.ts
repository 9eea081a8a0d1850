import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import { launchBrowser, layoutShifts, networkSettled, phonePage, recordLayoutShifts } from '../support/browser';
import { apiFetch, local } from '../support/local';
import { closeStations, guestStation, provision, waitFor, workerServices } from '../integration/stations-support';

/**
 * Issue 35, item 1 (docs/architecture.md, "The station page's first paint"): `/s/{stationId}` shows the station's
 * name, place, status, water level, the fill sizes with their prices and the pay button from its first response,
 * before any of the app's JavaScript runs (its module scripts blocked here), from the station list the edge serves; a
 * price sent to the station and a station added show there too. With the app's code, the page then works as before,
 * in English and in Indonesian, without moving anything.
 */

const PRICE = 1700;
let browser: Browser;
let station: Awaited<ReturnType<typeof guestStation>>;

beforeAll(async () => {
  browser = await launchBrowser();
  station = await guestStation('First Paint Station', 500);
  // What a setPrice command leaves on the station; this one dispenses at most a litre at once.
  await (await workerServices()).machines.update(station.real.machine.id, { pricePerLitre: PRICE, maxFillMl: 1000, updatedAt: new Date().toISOString() });
  await station.station.heartbeat({ waterLevel: 37 });
  await waitFor(() => apiFetch(`/api/machines/${station.real.machine.id}`), (r) => r.body.effectivePricePerLitre === PRICE && r.body.waterLevel === 37);
});
afterAll(async () => {
  station?.stop();
  await closeStations();
  await browser?.close();
});

/** Whether React has mounted the page's root (main.tsx ran). */
const appRan = (page: Page) => page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
const appRuns = (page: Page) => page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));

/** What the station's part of the page says, as a person reads it. */
async function shown(page: Page) {
  const main = page.getByRole('main');
  return {
    heading: await main.getByRole('heading', { level: 1 }).innerText(),
    text: await main.innerText(),
    sizes: await main.getByTestId('size-price').allInnerTexts(),
    pay: await main.getByRole('button', { name: /^(Pay|Bayar) / }).innerText(),
  };
}

describe("a station's sticker page before the app's code runs", () => {
  for (const language of ['en', 'id'] as const) {
    it(`shows the station, its sizes with their prices and the pay button (${language === 'en' ? 'English' : 'Indonesian'} visitor)`, async () => {
      const page = await phonePage(browser, language, { appCode: false });
      await page.goto(`${local().web}/s/${station.real.machine.id}`);
      await page.getByRole('heading', { name: 'Refill at First Paint Station' }).waitFor();
      const { heading, text, sizes, pay } = await shown(page);
      expect(heading).toBe('Refill at First Paint Station');
      expect(text).toContain('Jl. Test 1, Denpasar, Bali');
      expect(text).toContain('Online');
      expect(text).toContain('37%');
      expect(text).toContain(`${formatRupiah(PRICE)} per litre`);
      // Up to the station's litre: 0.5 L and 1 L, each at its price; the litre chosen.
      expect(sizes).toEqual([formatRupiah(850), formatRupiah(1700)]);
      expect(text).toContain('Up to 1 L; you pay only what flows');
      expect(pay).toBe(`Pay ${formatRupiah(1700)}`);
      expect(await page.getByRole('radio', { name: /^1 L/ }).isChecked()).toBe(true);
      // To read until the app is there: what is chosen or typed meanwhile would be lost.
      expect(await page.getByRole('button', { name: /^Pay / }).isDisabled()).toBe(true);
      expect(await appRan(page)).toBe(false);
      await page.context().close();
    });
  }

  it('shows a price sent to the station, and a station added, on the next load', async () => {
    await (await workerServices()).machines.update(station.real.machine.id, { pricePerLitre: 2000, updatedAt: new Date().toISOString() });
    const added = await provision('Station Added Just Now');
    const page = await phonePage(browser, 'en', { appCode: false });
    try {
      await page.goto(`${local().web}/s/${station.real.machine.id}`);
      await page.getByRole('button', { name: `Pay ${formatRupiah(2000)}` }).waitFor();
      expect((await shown(page)).sizes).toEqual([formatRupiah(1000), formatRupiah(2000)]);
      await page.goto(`${local().web}/s/${added.machine.id}`);
      await page.getByRole('heading', { name: 'Refill at Station Added Just Now' }).waitFor();
    } finally {
      await (await workerServices()).machines.update(station.real.machine.id, { pricePerLitre: PRICE, updatedAt: new Date().toISOString() });
      await page.context().close();
    }
  });

  it('shows a station kept off the public lists from the API, and leaves an unknown one to the app', async () => {
    const hidden = await provision('Hidden Sticker Station');
    await (await workerServices()).machines.update(hidden.machine.id, { hidden: true, updatedAt: new Date().toISOString() });
    const page = await phonePage(browser, 'en', { appCode: false });
    try {
      await page.goto(`${local().web}/s/${hidden.machine.id}`);
      await page.getByRole('heading', { name: 'Refill at Hidden Sticker Station' }).waitFor();
      await page.goto(`${local().web}/s/NOPE-000000`);
      // What the first paint loaded: nothing, neither in the list nor from the API.
      expect(await page.evaluate(() => (window as unknown as { __refillFirstPaint: Promise<unknown> }).__refillFirstPaint)).toBeNull();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
      expect(await page.getByRole('main').getByRole('status').count()).toBe(1);
    } finally {
      await page.context().close();
    }
  });
});

describe("a station's sticker page with the app's code", () => {
  for (const language of ['en', 'id'] as const) {
    it(`is taken over by the app without moving anything, and pays as before (${language === 'en' ? 'English' : 'Indonesian'})`, async () => {
      const page = await phonePage(browser, language, { appCode: true });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await recordLayoutShifts(page);
      await page.goto(`${local().web}/s/${station.real.machine.id}`);
      const t = language === 'en' ? { heading: 'Refill at First Paint Station', pay: 'Pay' } : { heading: 'Isi ulang di First Paint Station', pay: 'Bayar' };
      await appRuns(page);
      await page.getByRole('heading', { name: t.heading }).waitFor();
      await networkSettled(page);
      expect(await layoutShifts(page)).toBeLessThanOrEqual(0.02);

      await page.getByRole('radio', { name: /^0[.,]5 L/ }).check();
      await page.getByRole('button', { name: `${t.pay} ${formatRupiah(850)}` }).click();
      await page.getByTestId('guest-progress').waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
