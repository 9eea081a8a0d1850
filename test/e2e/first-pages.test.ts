import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import { seededAccount } from '../support/auth';
import { launchBrowser, layoutShifts, networkSettled, phonePage, recordLayoutShifts } from '../support/browser';
import { apiFetch, local } from '../support/local';
import { closeStations, guestStation, waitFor } from '../integration/stations-support';

/**
 * Issue 35, item 2 (docs/architecture.md, "Prerendered public pages", "The receipt's first paint"): a guest's receipt
 * and the host's page paint from their first response, a frame of real text and form fields, before the app's
 * JavaScript runs (its module scripts blocked here); the receipt's own inline script fills its values in place, and
 * the app then takes the page over without moving anything (layout shifts, as the browser reports them, at most
 * 0.02), in English and in Indonesian, at 390 px.
 */

let browser: Browser;
let station: Awaited<ReturnType<typeof guestStation>>;
let receiptPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  station = await guestStation('Receipt Frame Station', 500);
  const ordered = await apiFetch('/api/guest/orders', {
    method: 'POST',
    headers: { 'idempotency-key': crypto.randomUUID() },
    json: { stationId: station.real.machine.id, volumeMl: 500, paymentMethod: 'qris' },
  });
  expect(ordered.status, ordered.text).toBe(201);
  receiptPath = ordered.body.receiptPath;
  const [id, secret] = decodeURIComponent(receiptPath.slice('/r/'.length)).split('~') as [string, string];
  // The sandbox settles the payment, the station dispenses the half litre and reports it.
  await waitFor(() => apiFetch(`/api/guest/orders/${id}?secret=${encodeURIComponent(secret)}`), (r) => r.body.status === 'done', 30_000);
});
afterAll(async () => {
  station?.stop();
  await closeStations();
  await browser?.close();
});

const LABELS = ['Date', 'Station', 'Station code', 'Water', 'Paid', 'Paid with', 'Price', 'Refund', 'Plastic bottles saved', 'CO₂ saved', 'Receipt number'];

describe("a guest's receipt", () => {
  it("is the receipt, its rows filled with the order and the note to keep its link, before the app's code runs", async () => {
    const page = await phonePage(browser, 'en', { appCode: false });
    await page.goto(local().web + receiptPath);
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).innerText()).toBe('Your refill receipt');
    expect(await main.locator('dl dt').allInnerTexts()).toEqual(LABELS);
    // The frame's first-paint script loads the order and fills each row in place.
    await main.locator('dl[aria-busy="false"]').waitFor();
    expect(await main.locator('[data-fill="water"]').innerText()).toBe('0.500 L of 0.500 L');
    expect(await main.locator('[data-fill="price"]').innerText()).toBe(formatRupiah(500));
    expect(await main.locator('[data-fill="station"]').innerText()).toBe('Receipt Frame Station');
    expect(await main.locator('[data-fill="date"]').innerText()).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}\s+WITA \(Bali time\)$/);
    expect(await main.getByTestId('keep-link').isVisible()).toBe(true);
    // The notes this order does not show stay hidden.
    expect(await main.getByText('A copy was sent to your e-mail.').isVisible()).toBe(false);
    expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')))).toBe(false);
    await page.context().close();
  });

  it("leaves an unknown receipt's frame loading, for the app to say so", async () => {
    const page = await phonePage(browser, 'en', { appCode: false });
    await page.goto(`${local().web}/r/GO-nothing~wrong`);
    await page.waitForFunction(() => (window as unknown as { __refillFirstPaint?: Promise<unknown> }).__refillFirstPaint !== undefined);
    expect(await page.evaluate(() => (window as unknown as { __refillFirstPaint: Promise<unknown> }).__refillFirstPaint)).toBeNull();
    expect(await page.getByRole('main').locator('dl').getAttribute('aria-busy')).toBe('true');
    await page.context().close();

    const withApp = await phonePage(browser, 'en', { appCode: true });
    await withApp.goto(`${local().web}/r/GO-nothing~wrong`);
    await withApp.getByRole('alert').getByText('This receipt does not exist or its link is incomplete.').waitFor();
    await withApp.context().close();
  });

  for (const language of ['en', 'id'] as const) {
    it(`fills its values in without moving anything (${language === 'en' ? 'English' : 'Indonesian'}, 390 px)`, async () => {
      const page = await phonePage(browser, language, { appCode: true });
      await recordLayoutShifts(page);
      await page.goto(local().web + receiptPath);
      const receipt = page.getByTestId('guest-receipt');
      await receipt.waitFor();
      expect(await receipt.getByTestId('receipt-litres').innerText()).toBe(language === 'en' ? '0.500 L of 0.500 L' : '0,500 L dari 0,500 L');
      expect(await receipt.getByTestId('receipt-charged').innerText()).toBe(formatRupiah(500));
      expect(await receipt.getByText('Receipt Frame Station').count()).toBe(1);
      // What depends on the order came below its rows: the note to keep the link, the actions.
      await page.getByTestId('keep-link').waitFor();
      await page.getByTestId('receipt-share').waitFor();
      await networkSettled(page);
      expect(await layoutShifts(page)).toBeLessThanOrEqual(0.02);
      await page.context().close();
    });
  }
});

describe("the host's page", () => {
  it('is its way in, the sign-in form, before the app\'s code runs', async () => {
    const page = await phonePage(browser, 'en', { appCode: false });
    await page.goto(`${local().web}/host`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').waitFor();
    expect(await form.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('signs a host in where it is and shows its page; a host signed in already gets its page at once', async () => {
    const host = seededAccount('host');
    const page = await phonePage(browser, 'en', { appCode: true });
    await page.goto(`${local().web}/host`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(host.username);
    await form.getByLabel('Password', { exact: true }).fill(host.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your stations' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/host');

    await page.goto(`${local().web}/host`);
    await page.getByRole('heading', { name: 'Your stations' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/host');
    await page.context().close();
  });
});
