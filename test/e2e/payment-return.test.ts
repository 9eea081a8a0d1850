import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import { bearer, newAccount, signInInBrowser } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { apiFetch, local } from '../support/local';
import { closeStations, guestStation, workerServices, type Provisioned } from '../integration/stations-support';

/**
 * Issue 36, item 2, on a 390 px phone: a payment's QRIS code saved or shared to be scanned from another phone, and the
 * gateway's return after paying in the GoPay app, which opens the order's page again (a guest's station page, the app's
 * Top Up sheet) without the receipt's secret in its address. The station's price makes 0.5 L cost Rp 517, which the
 * sandbox never pays (amounts ending in 17): the code and the app link stay on the page.
 */

const PRICE_PER_LITRE = 1034;
const UNPAID_HALF_LITRE = 517;

let browser: Browser;
let real: Provisioned;
let stopStation: () => void;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ real, stop: stopStation } = await guestStation('Return Guest Station', 500));
  await (await workerServices()).machines.update(real.machine.id, { pricePerLitre: PRICE_PER_LITRE, updatedAt: new Date().toISOString() });
});
afterAll(async () => {
  stopStation?.();
  await closeStations();
  await browser?.close();
});

const TEXTS = {
  en: { halfLitre: /^0\.5 L /, pay: `Pay ${formatRupiah(UNPAID_HALF_LITRE)}`, save: 'Save QR', share: 'Share QR', inApp: 'Pay in the GoPay app', anyPay: /^Pay Rp /, hint: /Paying with another phone\?/ },
  id: { halfLitre: /^0,5 L /, pay: `Bayar ${formatRupiah(UNPAID_HALF_LITRE)}`, save: 'Simpan QR', share: 'Bagikan QR', inApp: 'Bayar di aplikasi GoPay', anyPay: /^Bayar Rp /, hint: /Membayar dengan ponsel lain\?/ },
} as const;

/** A phone in `language`; with `sharesFiles` its browser shares files as a phone's does, recording what it was given. */
async function phone(language: 'en' | 'id', ip: string, sharesFiles = false): Promise<Page> {
  const context = await newContext(browser, {
    ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID', acceptDownloads: true,
    extraHTTPHeaders: { 'cloudfront-viewer-address': `${ip}:443` },
  });
  await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
  if (sharesFiles) {
    // Headless Chromium on Linux has no share sheet: this one takes what a phone's would, for the test to read.
    await context.addInitScript(() => {
      const shared: { name: string; type: string; head: string }[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => Boolean(data.files?.length) });
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          for (const file of data.files ?? []) shared.push({ name: file.name, type: file.type, head: new TextDecoder().decode(new Uint8Array(await file.arrayBuffer()).subarray(1, 4)) });
        },
      });
    });
  }
  return context.newPage();
}

/** The downloaded file's first bytes, read from a local copy (the browser may run elsewhere). */
async function savedHead(download: Download): Promise<string> {
  const saved = join(tmpdir(), `qr-${crypto.randomUUID().slice(0, 8)}.png`);
  await download.saveAs(saved);
  return (await readFile(saved)).subarray(1, 4).toString();
}

async function orderHalfLitre(page: Page, language: 'en' | 'id', method: RegExp) {
  await page.goto(`${local().web}/s/${real.machine.id}`);
  await page.getByRole('radio', { name: TEXTS[language].halfLitre }).check();
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: TEXTS[language].pay }).click();
  const progress = page.locator('[data-testid="guest-progress"][data-status="waiting_payment"]');
  await progress.waitFor();
  return progress;
}

describe.each(['en', 'id'] as const)('a guest paying from another phone or another app (%s)', (language) => {
  const t = TEXTS[language];

  it('saves the QRIS code as a PNG named after the order, and shares it where the browser shares files', async () => {
    const page = await phone(language, `192.0.2.${language === 'en' ? 60 : 61}`, true);
    const progress = await orderHalfLitre(page, language, /QRIS/);
    await progress.getByText(t.hint).waitFor();
    const receiptId = await page.evaluate((key) => sessionStorage.getItem(key), `bali-refill.guest-order.${real.machine.id}`);
    const orderId = receiptId!.split('~')[0]!;
    const [download] = await Promise.all([page.waitForEvent('download'), progress.getByRole('link', { name: t.save }).click()]);
    expect(download.suggestedFilename()).toBe(`bali-refill-qris-${orderId}.png`);
    expect(await savedHead(download)).toBe('PNG');
    await progress.getByRole('button', { name: t.share }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared)).toEqual([{ name: `bali-refill-qris-${orderId}.png`, type: 'image/png', head: 'PNG' }]);
    // Both side by side on the phone, inside its width.
    const box = await progress.getByRole('button', { name: t.share }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    // A browser that cannot share files offers only the save.
    const plain = await phone(language, `192.0.2.${language === 'en' ? 62 : 63}`);
    const plainProgress = await orderHalfLitre(plain, language, /QRIS/);
    await plainProgress.getByRole('link', { name: t.save }).waitFor();
    const canShareFiles = await plain.evaluate(() => typeof navigator.canShare === 'function' && navigator.canShare({ files: [new File([new Uint8Array([1])], 'a.png', { type: 'image/png' })] }));
    expect(await plainProgress.getByRole('button', { name: t.share }).count()).toBe(canShareFiles ? 1 : 0);
  });

  it("GoPay's return opens the station's page in a new tab with the same order, its address without the receipt's secret", async () => {
    const page = await phone(language, `192.0.2.${language === 'en' ? 64 : 65}`);
    const progress = await orderHalfLitre(page, language, /GoPay/);
    const deeplink = await progress.getByRole('link', { name: t.inApp }).getAttribute('href');
    const returnUrl = new URL(new URL(deeplink!.replace('gojek://', 'https://gojek/')).searchParams.get('callback_url')!);
    expect(`${returnUrl.pathname}${returnUrl.search}`).toBe(`/s/${real.machine.id}?returned=1`);
    const receiptId = await page.evaluate((key) => sessionStorage.getItem(key), `bali-refill.guest-order.${real.machine.id}`);
    expect(returnUrl.toString()).not.toContain(receiptId!.split('~')[1]);

    // The GoPay app hands the return to the browser, which may open it in a new tab (no sessionStorage of its own).
    const back = await page.context().newPage();
    await back.goto(returnUrl.toString());
    const returned = back.locator('[data-testid="guest-progress"][data-status="waiting_payment"]');
    await returned.getByText(formatRupiah(UNPAID_HALF_LITRE), { exact: true }).waitFor();
    await returned.getByRole('link', { name: t.inApp }).waitFor();
    // Opened from the sticker instead (no return), a new tab starts a new order.
    const fresh = await page.context().newPage();
    await fresh.goto(`${local().web}/s/${real.machine.id}`);
    await fresh.getByRole('button', { name: t.anyPay }).waitFor();
    expect(await fresh.getByTestId('guest-progress').count()).toBe(0);
  });
});

describe('a wallet top-up paid in another app', () => {
  it("GoPay's return opens the Top Up sheet following the top-up, with its QR code to save", async () => {
    const account = await newAccount('return-topup');
    const page = await phone('en', '192.0.2.66');
    await signInInBrowser(page, account.email, account.password);
    const started = await apiFetch('/api/wallet/topup', { method: 'POST', headers: { ...bearer(account.token), 'idempotency-key': crypto.randomUUID() }, json: { amount: 25_017, paymentMethod: 'gopay' } });
    expect(started.status, started.text).toBe(202);
    const returnUrl = new URL(new URL(started.body.deeplink.replace('gojek://', 'https://gojek/')).searchParams.get('callback_url')!);
    expect(`${returnUrl.pathname}${returnUrl.search}`).toBe(`/app?topup=${started.body.id}`);

    await page.goto(`${local().web}${returnUrl.pathname}${returnUrl.search}`);
    const sheet = page.getByRole('dialog', { name: 'Top Up' });
    await sheet.getByTestId('topup-pending').waitFor();
    await sheet.getByText(formatRupiah(25_017)).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), sheet.getByRole('link', { name: 'Save QR' }).click()]);
    expect(download.suggestedFilename()).toBe(`bali-refill-qris-${started.body.id}.png`);
    expect(await savedHead(download)).toBe('PNG');
    // Closing the sheet leaves the app's home without the return's top-up in its address.
    await sheet.getByRole('button', { name: 'Close', exact: true }).last().click();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
  });
});
