import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import { newAccount, signInInBrowser } from '../support/auth';
import { launchBrowser, layoutShifts, newContext, PHONE, recordLayoutShifts } from '../support/browser';
import { local } from '../support/local';
import { settledTopup } from '../support/wallet';

/**
 * Issue 35, item 3 (docs/architecture.md, "The app home's first paint"): `/app` reloaded by someone signed in shows
 * their name, their balance and the pay button from its first response, before any of the app's JavaScript runs (its
 * module scripts blocked here), in their language; with the app's code, the routed home takes the frame's place
 * without moving anything. Signed out, the frame leaves the visitor to the app, which sends them home.
 */

let browser: Browser;
/** One account per language: paying reserves a code's offline allowance, which the other language's cases would see. */
const accounts = {} as Record<'en' | 'id', Awaited<ReturnType<typeof newAccount>>>;
const BALANCE = 37_000;

beforeAll(async () => {
  for (const language of ['en', 'id'] as const) {
    accounts[language] = await newAccount('first-paint');
    await settledTopup(accounts[language].token, BALANCE);
  }
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const appCode = /\/assets\/[^/]+\.js$/;
/** Whether React has mounted the page's root (main.tsx ran). */
const appRan = (page: Page) => page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));

/** A phone signed in as the account, in `language`. */
async function signedInPhone(language: 'en' | 'id'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...PHONE, locale: 'en-US', timezoneId: 'Asia/Makassar' });
  const page = await context.newPage();
  await signInInBrowser(page, accounts[language].email, accounts[language].password);
  await page.evaluate((lang) => localStorage.setItem('bali-refill.language', lang), language);
  return { context, page };
}

const TEXTS = {
  en: {
    pay: 'NFC Pay', balance: 'Current Balance', points: '370 points', impact: 'Every refill keeps a plastic bottle out of Bali’s ocean.',
    reserved: (amount: string) => `${amount} held for your pay code until`,
  },
  id: {
    pay: 'Bayar NFC', balance: 'Saldo Saat Ini', points: '370 poin', impact: 'Setiap isi ulang menjauhkan satu botol plastik dari laut Bali.',
    reserved: (amount: string) => `${amount} ditahan untuk kode bayar Anda sampai`,
  },
} as const;

describe("the app's home before the app's code runs", () => {
  for (const language of ['en', 'id'] as const) {
    it(`shows the person, the balance and the pay button (${language === 'en' ? 'English' : 'Indonesian'})`, async () => {
      const { context, page } = await signedInPhone(language);
      try {
        await page.route(appCode, (route) => route.abort());
        await page.goto(`${local().web}/app`);
        const balance = page.getByTestId('balance');
        await balance.waitFor();
        expect(await balance.innerText()).toBe(formatRupiah(BALANCE));
        const card = page.getByRole('region', { name: language === 'en' ? 'Balance' : 'Saldo' });
        expect(await card.innerText()).toContain(TEXTS[language].balance);
        expect(await card.innerText()).toContain(TEXTS[language].points);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('first-paint');
        expect(await page.getByText(TEXTS[language].impact).isVisible()).toBe(true);
        // To see until the app is there: a tap meanwhile would be lost.
        const pay = page.getByRole('button', { name: new RegExp(`^${TEXTS[language].pay}`) });
        expect(await pay.isVisible()).toBe(true);
        expect(await pay.isDisabled()).toBe(true);
        expect(await appRan(page)).toBe(false);
      } finally {
        await context.close();
      }
    });
  }

  it('leaves a visitor who is not signed in to the app (nothing loaded, the frame loading)', async () => {
    const context = await newContext(browser, PHONE);
    try {
      const page = await context.newPage();
      await page.route(appCode, (route) => route.abort());
      await page.goto(`${local().web}/app`);
      expect(await page.evaluate(() => (window as unknown as { __refillFirstPaint: Promise<unknown> }).__refillFirstPaint)).toBeNull();
      expect(await page.getByRole('status').isVisible()).toBe(true);
      expect(await page.getByTestId('balance').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe("the app's home with the app's code", () => {
  for (const language of ['en', 'id'] as const) {
    it(`takes the frame's place without moving anything, and pays as before (${language === 'en' ? 'English' : 'Indonesian'})`, async () => {
      const { context, page } = await signedInPhone(language);
      try {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await recordLayoutShifts(page);
        await page.goto(`${local().web}/app`);
        await page.getByRole('list', { name: language === 'en' ? 'Recent transactions' : 'Transaksi terbaru' }).waitFor();
        expect(await appRan(page)).toBe(true);
        expect(await page.getByTestId('balance').innerText()).toBe(formatRupiah(BALANCE));
        expect(await layoutShifts(page)).toBeLessThanOrEqual(0.02);
        const issued = page.waitForResponse((r) => r.url().endsWith('/api/nfc/generate-token'));
        await page.getByRole('button', { name: new RegExp(`^${TEXTS[language].pay}`) }).click();
        await page.getByRole('dialog').waitFor();
        const { reservedIdr } = (await (await issued).json()) as { reservedIdr: number };
        expect(reservedIdr).toBeGreaterThan(0);
        expect(errors).toEqual([]);

        // The code's offline allowance is out of the balance: the first paint says so before the app runs...
        const frame = await context.newPage();
        await frame.route(appCode, (route) => route.abort());
        await frame.goto(`${local().web}/app`);
        await frame.getByTestId('balance').waitFor();
        expect(await frame.getByTestId('balance').innerText()).toBe(formatRupiah(BALANCE - reservedIdr));
        expect(await frame.getByTestId('reserved').innerText()).toContain(TEXTS[language].reserved(formatRupiah(reservedIdr)));
        // ...and the app's home says the same, in the same place.
        const home = await context.newPage();
        await recordLayoutShifts(home);
        await home.goto(`${local().web}/app`);
        await home.getByRole('list', { name: language === 'en' ? 'Recent transactions' : 'Transaksi terbaru' }).waitFor();
        expect(await home.getByTestId('reserved').innerText()).toBe(await frame.getByTestId('reserved').innerText());
        expect(await layoutShifts(home)).toBeLessThanOrEqual(0.02);
      } finally {
        await context.close();
      }
    });
  }
});
