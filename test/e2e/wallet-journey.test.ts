import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatLitres } from '@shared/format';
import { formatRupiah } from '@shared/money';
import type { SimStation } from '@infra/local/simulator';
import { newAccount } from '../support/auth';
import { PHONE, launchBrowser, newContext } from '../support/browser';
import { local } from '../support/local';
import { closeStations, reportingStation, workerServices } from '../integration/stations-support';

/**
 * The wallet user's journey (issue 36, item 12): a person with a new account, on a 390 px phone, in English and in
 * Bahasa Indonesia, signs in at /signin, tops up Rp 50.000 through the sandbox gateway, shows the pay code, a
 * simulated station (over the MQTT broker) vends against it, the app follows the vend to "charged Rp X", and History
 * shows the refill and the top-up. Nothing runs off the side of the phone on the way.
 */
const STATION_NAME = 'Pantai Wallet Journey';
const DISPENSED_ML = 1_500;
const TOPUP = 50_000;

const TEXTS = {
  en: {
    signIn: 'Sign in', password: 'Password', topUp: 'Top Up', submitTopUp: `Top Up ${formatRupiah(TOPUP)}`, topUpDone: 'Top Up Successful',
    nfcPay: 'NFC Pay', qrAlt: 'NFC payment QR code', dispensing: 'Dispensing…',
    charged: `Charged ${formatRupiah(DISPENSED_ML)} for 1.5 L at ${STATION_NAME}`, history: 'History', historyTitle: 'Transaction History', topUpRow: 'Top Up',
  },
  id: {
    signIn: 'Masuk', password: 'Kata sandi', topUp: 'Isi Saldo', submitTopUp: `Isi Saldo ${formatRupiah(TOPUP)}`, topUpDone: 'Isi Saldo Berhasil',
    nfcPay: 'Bayar NFC', qrAlt: 'Kode QR pembayaran NFC', dispensing: 'Sedang mengisi…',
    charged: `Ditagih ${formatRupiah(DISPENSED_ML)} untuk 1,5 L di ${STATION_NAME}`, history: 'Riwayat', historyTitle: 'Riwayat Transaksi', topUpRow: 'Isi Saldo',
  },
} as const;

/** A journey of several screens and a vend on a 2-core machine shared with other work. */
const JOURNEY_TIMEOUT_MS = 150_000;

let browser: Browser;
let station: SimStation;
let stopStation: () => void;

beforeAll(async () => {
  await workerServices();
  browser = await launchBrowser();
  ({ station, stop: stopStation } = await reportingStation(STATION_NAME));
});
afterAll(async () => {
  stopStation?.();
  await closeStations();
  await browser?.close();
});

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const tokenIssued = (page: Page) => page.waitForResponse((r: Response) => r.url().endsWith('/api/nfc/generate-token') && r.request().method() === 'POST');

describe("the wallet user's journey at 390 px", () => {
  for (const language of ['en', 'id'] as const) {
    it(`signs in at /signin, tops up, pays a station with the code and finds the refill in History (${language})`, async () => {
      const t = TEXTS[language];
      const account = await newAccount(`wallet-journey-${language}`);
      // The phone's clock in London: History's times must still be Bali's.
      const context = await newContext(browser, { ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID', timezoneId: 'Europe/London' });
      await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
      const page = await context.newPage();

      // Signs in where anyone does.
      await page.goto(`${local().web}/signin`);
      const form = page.getByRole('form', { name: t.signIn });
      await form.getByLabel('E-mail').fill(account.email);
      await form.getByLabel(t.password, { exact: true }).fill(account.password);
      await form.getByRole('button', { name: t.signIn }).click();
      await page.waitForURL((url) => url.pathname === '/app');
      const balance = page.getByTestId('balance');
      await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe(formatRupiah(0));
      expect(await sideways(page)).toBe(0);

      // Tops up Rp 50.000 (the sheet's default) through the sandbox gateway, which settles it as a paid QR would.
      await page.getByRole('button', { name: t.topUp, exact: true }).click();
      const sheet = page.getByRole('dialog', { name: t.topUp });
      await sheet.getByRole('button', { name: t.submitTopUp }).click();
      await sheet.getByTestId('payment-qr').waitFor();
      expect(await sideways(page)).toBe(0);
      await page.getByRole('region', { name: /Notifications|Notifikasi/ }).getByText(t.topUpDone).waitFor({ timeout: 15_000 });
      await sheet.waitFor({ state: 'detached' });
      await expect.poll(() => balance.textContent()).toBe(formatRupiah(TOPUP));

      // Shows the pay code; the station reads it and dispenses; the app follows to the charge.
      const issued = tokenIssued(page);
      await page.getByRole('button', { name: t.nfcPay }).click();
      const { token } = (await (await issued).json()) as { token: string };
      const dialog = page.getByRole('dialog', { name: t.nfcPay });
      await dialog.getByRole('img', { name: t.qrAlt }).waitFor();
      expect(await sideways(page)).toBe(0);
      const vend = await station.requestVend(token);
      if (vend.kind !== 'authorized') throw new Error(`not authorized: ${JSON.stringify(vend.message)}`);
      const outcome = dialog.getByTestId('nfc-vend');
      await outcome.getByText(t.dispensing).waitFor();
      await station.complete(vend.message.sessionId, DISPENSED_ML);
      await expect.poll(() => outcome.innerText(), { timeout: 20_000 }).toContain(t.charged);
      expect(await sideways(page)).toBe(0);
      await expect.poll(() => balance.textContent()).toBe(formatRupiah(TOPUP - DISPENSED_ML));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // History, opened from the bottom bar: the refill at the station (litres, amount) above the top-up.
      await page.getByRole('link', { name: t.history, exact: true }).click();
      await page.getByRole('heading', { name: t.historyTitle }).waitFor();
      const rows = page.getByTestId('transaction-row');
      await expect.poll(() => rows.count()).toBe(2);
      const [refill, topUp] = await rows.allInnerTexts();
      expect(refill).toContain(STATION_NAME);
      expect(refill).toContain(formatLitres(DISPENSED_ML / 1000, language));
      expect(refill).toContain(`-${formatRupiah(DISPENSED_ML)}`);
      expect(topUp).toContain(t.topUpRow);
      expect(topUp).toContain(`+${formatRupiah(TOPUP)}`);
      const at = (await rows.first().locator('time').getAttribute('datetime'))!;
      expect(await rows.first().locator('time').innerText()).toBe(formatDateTime(at, language));
      expect(await sideways(page)).toBe(0);
      await context.close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
