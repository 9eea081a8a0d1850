import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import type { SimStation } from '@infra/local/simulator';
import { bearer, signInInBrowser } from '../support/auth';
import { apiFetch } from '../support/local';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { closeStations, fundedAccount, reportingStation, workerServices } from '../integration/stations-support';

/**
 * Issue 36, item 5: a wallet user on a 390 px phone opens NFC Pay, a simulated station (over the MQTT broker)
 * presents the code shown and dispenses, and the dialog follows the vend to "dispensing" and the charge, while the
 * balance on the home screen drops by it; offline, the code stays and Refresh says it needs a connection. In English
 * and in Bahasa Indonesia.
 */

/** Where to save screenshots of the dialog's states when set (NFC_SHOTS=/tmp/nfc-shots). */
const SHOTS = process.env.NFC_SHOTS;
const STATION_NAME = 'Pantai NFC Station';
const DISPENSED_ML = 1_200;

const TEXTS = {
  en: {
    nfcPay: 'NFC Pay', qrAlt: 'NFC payment QR code', refresh: 'Refresh NFC', dispensing: 'Dispensing…', atStation: `at ${STATION_NAME}`,
    charged: `Charged ${formatRupiah(DISPENSED_ML)} for 1.2 L at ${STATION_NAME}`, failed: 'Failed to generate NFC token',
    offline: 'Refreshing needs a connection. This code still works until it expires.', offlineBanner: 'Offline Mode Active', bottles: 'Plastic bottles avoided',
    notUsed: 'Not used', stationStopped: 'The station stopped before any water came out. Nothing was charged.',
    unavailable: 'Service temporarily unavailable, please try again',
    reserved: (amount: string) => `${amount} reserved for up to 1.5 L, even at a station without signal. What is not poured comes back.`,
    checking: 'Being checked', checkingWhy: 'The station reported an amount we could not confirm. Our team is checking it; you are charged at most what this code allowed.',
  },
  id: {
    nfcPay: 'Bayar NFC', qrAlt: 'Kode QR pembayaran NFC', refresh: 'Perbarui NFC', dispensing: 'Sedang mengisi…', atStation: `di ${STATION_NAME}`,
    charged: `Ditagih ${formatRupiah(DISPENSED_ML)} untuk 1,2 L di ${STATION_NAME}`, failed: 'Token NFC gagal dibuat',
    offline: 'Memperbarui kode perlu koneksi internet. Kode ini tetap berlaku sampai kedaluwarsa.', offlineBanner: 'Mode Offline Aktif', bottles: 'Botol plastik dihindari',
    notUsed: 'Tidak terpakai', stationStopped: 'Stasiun berhenti sebelum air keluar. Tidak ada yang ditagih.',
    unavailable: 'Layanan sedang tidak tersedia, silakan coba lagi',
    reserved: (amount: string) => `${amount} dicadangkan untuk maksimal 1,5 L, juga di stasiun tanpa sinyal. Yang tidak dikeluarkan akan kembali.`,
    checking: 'Sedang diperiksa', checkingWhy: 'Stasiun melaporkan jumlah yang tidak dapat kami pastikan. Tim kami sedang memeriksanya; Anda ditagih paling banyak sebesar yang diizinkan kode ini.',
  },
} as const;

let browser: Browser;
let station: SimStation;
let stopStation: () => void;

beforeAll(async () => {
  await workerServices();
  browser = await launchBrowser();
  // An online station that keeps reporting, as a real one does every heartbeat interval.
  ({ station, stop: stopStation } = await reportingStation(STATION_NAME));
});
afterAll(async () => {
  stopStation?.();
  await closeStations();
  await browser?.close();
});

/** A new wallet user with Rp 5,000, signed in on a phone in `language`. */
async function walletUser(language: 'en' | 'id'): Promise<{ context: BrowserContext; page: Page; account: Account }> {
  const account = await fundedAccount('Nyoman', 5_000);
  const context = await newContext(browser, { ...PHONE, locale: 'en-US', timezoneId: 'Asia/Makassar' });
  const page = await context.newPage();
  await signInInBrowser(page, account.email, account.password);
  await page.evaluate((lang) => localStorage.setItem('bali-refill.language', lang), language);
  await page.reload();
  return { context, page, account };
}
type Account = Awaited<ReturnType<typeof fundedAccount>>;

/** The person's money as the server has it: the balance and what a live pay code holds of it. */
async function moneyOf(account: Account): Promise<{ balance: number; reserved: number }> {
  const user = (await apiFetch('/api/auth/user', { headers: bearer(account.token) })).body as { balance: number; reserved: { amount: number } | null };
  return { balance: user.balance, reserved: user.reserved?.amount ?? 0 };
}

const generated = (page: Page) => page.waitForResponse((r: Response) => r.url().endsWith('/api/nfc/generate-token') && r.request().method() === 'POST');
const shot = async (page: Page, name: string) => SHOTS && page.screenshot({ path: `${SHOTS}/${name}.png` });
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each(['en', 'id'] as const)('NFC Pay followed to the charge (%s)', (language) => {
  const t = TEXTS[language];
  let context: BrowserContext;
  let page: Page;
  let account: Account;
  afterAll(async () => context?.close());

  it('shows the code, then dispensing at the station that took it, then the charge; the balance drops by it', async () => {
    ({ context, page, account } = await walletUser(language));
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.textContent()).toBe(formatRupiah(5_000));

    const answer = generated(page);
    await page.getByRole('button', { name: t.nfcPay }).click();
    const issued = (await (await answer).json()) as { token: string; tokenId: string; expiresAt: string; reservedIdr: number };
    const dialog = page.getByRole('dialog', { name: t.nfcPay });
    await dialog.getByRole('img', { name: t.qrAlt }).waitFor();
    // What the code holds from the wallet while it lives (issue 34): the offline allowance.
    expect(issued.reservedIdr).toBeGreaterThan(0);
    expect(await dialog.getByTestId('nfc-reserved').textContent()).toBe(t.reserved(formatRupiah(issued.reservedIdr)));
    await shot(page, `${language}-1-code`);

    // The station reads the code shown and asks the back end; the dialog follows the vend it opened.
    const vend = await station.requestVend(issued.token);
    if (vend.kind !== 'authorized') throw new Error(`not authorized: ${JSON.stringify(vend.message)}`);
    const outcome = dialog.getByTestId('nfc-vend');
    await outcome.getByText(t.dispensing).waitFor();
    await outcome.getByText(t.atStation).waitFor();
    expect(await dialog.getByRole('img', { name: t.qrAlt }).count()).toBe(0);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await shot(page, `${language}-2-dispensing`);

    await station.complete(vend.message.sessionId, DISPENSED_ML);
    await outcome.getByText(t.charged).waitFor();
    expect(await outcome.getAttribute('data-status')).toBe('charged');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await shot(page, `${language}-3-charged`);
    // Once charged, the wallet is read again: the home screen behind the dialog shows the balance less the charge,
    // and the impact of 1.2 L (two 0.5 L bottles).
    await expect.poll(() => balance.textContent()).toBe(formatRupiah(5_000 - DISPENSED_ML));
    await expect.poll(() => page.getByText(t.bottles, { exact: true }).locator('xpath=preceding-sibling::p[1]').textContent()).toBe('2');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const recent = page.getByTestId('transaction-row').filter({ hasText: STATION_NAME });
    await recent.first().waitFor();
    expect(await recent.first().textContent()).toContain(`-${formatRupiah(DISPENSED_ML)}`);
    await shot(page, `${language}-4-home`);
  });

  it('keeps a valid code offline, where Refresh is disabled and says it needs a connection; back online it refreshes', async () => {
    const first = generated(page);
    await page.getByRole('button', { name: t.nfcPay }).click();
    await first;
    const dialog = page.getByRole('dialog', { name: t.nfcPay });
    const qr = dialog.getByRole('img', { name: t.qrAlt });
    await qr.waitFor();
    const code = await qr.getAttribute('src');
    const refresh = dialog.getByRole('button', { name: t.refresh });

    await context.setOffline(true);
    const note = dialog.getByText(t.offline);
    await note.waitFor();
    expect(await refresh.isDisabled()).toBe(true);
    // Readable: the dialog, above the page and its offline banner, shows that banner itself, below the note and the
    // sheet's last line, which it leaves uncovered.
    for (const line of [note, dialog.getByText(/^(Each code works once|Setiap kode hanya berlaku sekali)/), dialog.getByText(t.offlineBanner)]) {
      expect(await line.evaluate((el) => { const r = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(r.left + r.width / 2, r.bottom - 2)); })).toBe(true);
    }
    // Still the same code, still counting down: a station checks it without the phone's connection.
    expect(await qr.getAttribute('src')).toBe(code);
    const countdown = dialog.getByTestId('nfc-countdown');
    const before = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(before);
    expect(await qr.getAttribute('src')).toBe(code);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await shot(page, `${language}-5-offline`);

    await context.setOffline(false);
    await expect.poll(() => refresh.isEnabled()).toBe(true);
    expect(await dialog.getByText(t.offline).count()).toBe(0);
    const second = generated(page);
    await refresh.click();
    expect((await second).status()).toBe(200);
    await page.waitForFunction((old) => document.querySelector('dialog[open] img')?.getAttribute('src') !== old, code);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps the code when a refresh fails', async () => {
    await page.getByRole('button', { name: t.nfcPay }).click();
    const dialog = page.getByRole('dialog', { name: t.nfcPay });
    const qr = dialog.getByRole('img', { name: t.qrAlt });
    await qr.waitFor();
    const code = await qr.getAttribute('src');

    await page.route('**/api/nfc/generate-token', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: t.unavailable }) }));
    await dialog.getByRole('button', { name: t.refresh }).click();
    await page.getByText(t.failed).first().waitFor();
    await page.getByText(t.unavailable).first().waitFor();
    expect(await qr.getAttribute('src')).toBe(code);
    await dialog.getByTestId('nfc-countdown').waitFor();
    await shot(page, `${language}-6-refresh-failed`);
    await page.unroute('**/api/nfc/generate-token');
    await page.keyboard.press('Escape');
  });

  it('says why a code the station took was not used, and charges nothing', async () => {
    // An earlier case's code may still hold its allowance: the same live code is shown again.
    const before = await moneyOf(account);
    const answer = generated(page);
    await page.getByRole('button', { name: t.nfcPay }).click();
    const issued = (await (await answer).json()) as { token: string };
    const vend = await station.requestVend(issued.token);
    if (vend.kind !== 'authorized') throw new Error(`not authorized: ${JSON.stringify(vend.message)}`);
    await station.fail(vend.message.sessionId, 'valve did not open');
    const outcome = page.getByRole('dialog', { name: t.nfcPay }).getByTestId('nfc-vend');
    await outcome.getByText(t.stationStopped).waitFor();
    await outcome.getByText(t.notUsed, { exact: true }).waitFor();
    await shot(page, `${language}-7-not-used`);
    await page.keyboard.press('Escape');
    // Nothing charged: the code's reservation came back to the wallet, and the home reads the balance again.
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(formatRupiah(before.balance + before.reserved));
    expect(await moneyOf(account)).toEqual({ balance: before.balance + before.reserved, reserved: 0 });
  });

  it('says a vend the station reported more than the code allowed for is being checked, instead of dispensing for good', async () => {
    const answer = generated(page);
    await page.getByRole('button', { name: t.nfcPay }).click();
    const issued = (await (await answer).json()) as { token: string };
    const vend = await station.requestVend(issued.token);
    if (vend.kind !== 'authorized') throw new Error(`not authorized: ${JSON.stringify(vend.message)}`);
    await station.complete(vend.message.sessionId, 250_000);
    const outcome = page.getByRole('dialog', { name: t.nfcPay }).getByTestId('nfc-vend');
    await outcome.getByText(t.checking, { exact: true }).waitFor();
    expect(await outcome.getAttribute('data-status')).toBe('checking');
    await outcome.getByText(t.checkingWhy).waitFor();
    await shot(page, `${language}-8-checking`);
    await page.keyboard.press('Escape');
  });
});
