import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import type { SimStation } from '@infra/local/simulator';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { apiFetch, local } from '../support/local';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from '../integration/stations-support';

/**
 * A station with its own price per litre (docs/stations.md, "Price per litre"): its page behind the sticker, its card
 * in the finder, and the order a guest starts there all use that price, never the built-in one.
 */

/** Where to save screenshots when set (FLEET_SHOTS=/work/shots). */
const SHOTS = process.env.FLEET_SHOTS;
const PRICE = 1700;

let browser: Browser;
let real: Provisioned;
let station: SimStation;
let heartbeats: ReturnType<typeof setInterval>;

beforeAll(async () => {
  const services = await workerServices();
  browser = await launchBrowser();
  real = await provision('Harga Sendiri Station');
  // What a setPrice command leaves on the station (test/integration/station-price.test.ts sends the command itself).
  await services.machines.update(real.machine.id, { pricePerLitre: PRICE, updatedAt: new Date().toISOString() });
  station = await stationFor(real);
  await station.connect();
  await station.heartbeat();
  await waitFor(() => apiFetch(`/api/machines/${real.machine.id}`), (r) => r.body.status === 'online' && r.body.effectivePricePerLitre === PRICE);
  heartbeats = setInterval(() => void station.heartbeat().catch(() => undefined), 5_000);
});
afterAll(async () => {
  clearInterval(heartbeats);
  await closeStations();
  await browser?.close();
});

async function phone(language: 'en' | 'id'): Promise<Page> {
  const context = await newContext(browser, { ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID', extraHTTPHeaders: { 'cloudfront-viewer-address': '192.0.2.77:443' } });
  await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
  return context.newPage();
}

describe("a station's own price on the public pages", () => {
  it('the station page prices every size and the payment at it, and the order costs what the page showed', async () => {
    const page = await phone('en');
    await page.goto(`${local().web}/s/${real.machine.id}`);
    await page.getByRole('heading', { name: 'Refill at Harga Sendiri Station' }).waitFor();
    expect(await page.getByTestId('price-per-litre').innerText()).toBe(`${formatRupiah(PRICE)} per litre`);
    const sizes = await page.getByRole('radio', { name: /^\d/ }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    const shown = await page.getByTestId('size-price').allInnerTexts();
    expect(shown).toEqual(sizes.map((ml) => formatRupiah(Math.round((Number(ml) * PRICE) / 1000))));
    await page.getByRole('radio', { name: /^1\.5 L / }).check();
    await page.getByRole('radio', { name: /QRIS/ }).check();
    const pay = page.getByRole('button', { name: `Pay ${formatRupiah(2550)}` });
    await pay.waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/fleet-guest-price.png`, fullPage: true });
    await pay.click();
    await page.getByTestId('guest-progress').waitFor();
    const receiptId = await page.evaluate((id) => sessionStorage.getItem(`bali-refill.guest-order.${id}`), real.machine.id);
    const [orderId, secret] = receiptId!.split('~');
    const order = await apiFetch(`/api/guest/orders/${orderId}?secret=${encodeURIComponent(secret!)}`);
    expect(order.body).toMatchObject({ volumeMl: 1500, amountIdr: 2550 });
  });

  it('in Indonesian, and on the station card of the finder', async () => {
    const page = await phone('id');
    await page.goto(`${local().web}/s/${real.machine.id}`);
    await page.getByTestId('price-per-litre').getByText(`${formatRupiah(PRICE)} per liter`).waitFor();

    await page.goto(`${local().web}/stations`);
    await page.getByPlaceholder(/Cari/).fill('Harga Sendiri');
    const card = page.locator('article', { has: page.getByRole('heading', { name: 'Harga Sendiri Station', exact: true }) });
    await card.getByTestId('price-per-litre').getByText(`${formatRupiah(PRICE)} per liter`).waitFor();
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/fleet-station-card-price.png` });
  });
});
