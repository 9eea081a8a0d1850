import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSignInInBrowser } from '../support/auth';
import { PHONE, launchBrowser, newContext } from '../support/browser';
import { local } from '../support/local';
import { provision, workerServices, type Provisioned } from '../integration/stations-support';

let browser: Browser;
let station: Provisioned;

beforeAll(async () => {
  await workerServices();
  station = await provision('Sticker Test Station');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the stations’ QR stickers in Chromium', { timeout: 120_000 }, () => {
  it("prints every station's code pointing at its page, the console's frame left off the paper", async () => {
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(page);
    await page.goto(local().web + '/admin/stickers');
    const title = page.getByRole('heading', { name: 'Station stickers' });
    await title.waitFor();
    const sticker = page.locator(`[data-station="${station.machine.id}"]`);
    await sticker.waitFor({ state: 'attached' });
    expect(await sticker.getAttribute('data-url')).toBe(`${local().web}/s/${station.machine.id}`);
    expect(await sticker.textContent()).toContain(station.machine.id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const back = page.getByRole('link', { name: 'Back to the dashboard' });
    const print = page.getByRole('button', { name: 'Print' });
    // The local cloud pays in the sandbox, so the test-mode banner floats over the page, and would over every sheet.
    const testMode = page.getByRole('note').filter({ hasText: 'Test mode' });
    const frame = async () => [await back.isVisible(), await title.isVisible(), await print.isVisible(), await testMode.isVisible()];
    expect(await frame()).toEqual([true, true, true, true]);
    await page.emulateMedia({ media: 'print' });
    expect(await frame()).toEqual([false, false, false, false]);
    expect(await page.getByRole('img', { name: /^Sheet 1 of / }).isVisible()).toBe(true);
  });
});
