import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import { sandboxControlClient } from '@infra/local/sandbox-control';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { local } from '../support/local';
import { closeStations, guestStation, workerServices, type Provisioned } from '../integration/stations-support';

/**
 * Issue 36, item 2: a tourist with a foreign card and no Google Pay or Apple Pay pays a refill by card on the
 * gateway's hosted page (the sandbox's stand-in for Midtrans Snap), on a 390 px phone in English and in Bahasa
 * Indonesia. Until the card is paid there the gateway says pending and the station waits; paid, the gateway's
 * notification moves the money, its return brings the guest back to the station's page, which follows the refill to
 * the receipt that names the card.
 */
const LITRES_ML = 1_500;
const AMOUNT = 1_500;

const TEXTS = {
  en: { size: /^1\.5 L /, card: /^Card \(Visa, Mastercard\)/, pay: `Pay ${formatRupiah(AMOUNT)}`, seeReceipt: 'See your receipt', payOnPage: 'Pay by card on the payment page', payByCard: `Pay ${formatRupiah(AMOUNT)} by card` },
  id: { size: /^1,5 L /, card: /^Kartu \(Visa, Mastercard\)/, pay: `Bayar ${formatRupiah(AMOUNT)}`, seeReceipt: 'Lihat struk Anda', payOnPage: 'Bayar dengan kartu di halaman pembayaran', payByCard: `Bayar ${formatRupiah(AMOUNT)} dengan kartu` },
} as const;

let browser: Browser;
let real: Provisioned;
let stopStation: () => void;

beforeAll(async () => {
  await workerServices();
  browser = await launchBrowser();
  ({ real, stop: stopStation } = await guestStation('Pantai Card Station', LITRES_ML));
});
afterAll(async () => {
  stopStation?.();
  await closeStations();
  await browser?.close();
});

describe('a guest pays by card on the gateway\u2019s page at 390 px', () => {
  for (const [language, ip] of [['en', '192.0.2.80'], ['id', '192.0.2.81']] as const) {
    it(`is sent to the card page, pays, comes back and gets the water and a receipt naming the card (${language})`, async () => {
      const t = TEXTS[language];
      const context = await newContext(browser, { ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID', extraHTTPHeaders: { 'cloudfront-viewer-address': `${ip}:443` } });
      await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
      const page = await context.newPage();
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

      await page.goto(`${local().web}/s/${real.machine.id}`);
      await page.getByRole('radio', { name: t.size }).check();
      await page.getByRole('radio', { name: t.card }).check();
      expect(await sideways()).toBe(0);
      await page.getByRole('button', { name: t.pay }).click();

      // The gateway's page, on its own address, asks for the amount of the order.
      const control = local().payments.sandboxControl!;
      await page.waitForURL((url) => url.href.startsWith(`${control}/pay/GO-`));
      const orderId = decodeURIComponent(new URL(page.url()).pathname.slice('/pay/'.length));
      // In the guest's language, as the order was asked in.
      const payByCard = page.getByRole('button', { name: t.payByCard });
      await payByCard.waitFor();
      // Not paid yet: past the time the sandbox settles anything else in, the gateway still says pending.
      await new Promise((resolve) => setTimeout(resolve, 800));
      const before = await sandboxControlClient(control).status({ orderId, amount: AMOUNT, method: 'card', createdAt: new Date(Date.now() - 800).toISOString() });
      expect(before?.gatewayStatus).toBe('pending');

      // Paid: back on the station's page, which follows the refill to the end.
      await payByCard.click();
      await page.waitForURL((url) => url.pathname === `/s/${real.machine.id}` && url.searchParams.get('returned') === '1');
      const progress = page.getByTestId('guest-progress');
      await page.locator('[data-testid="guest-progress"][data-status="done"]').waitFor({ timeout: 30_000 });
      expect(await sideways()).toBe(0);
      await progress.getByRole('link', { name: t.seeReceipt }).click();
      await page.waitForURL(/\/r\/GO-/);
      const receipt = page.getByTestId('guest-receipt');
      expect(await receipt.getByTestId('receipt-method').innerText()).toBe('Visa / Mastercard');
      expect(await receipt.getByTestId('receipt-station-code').innerText()).toBe(real.machine.id);
      expect(await sideways()).toBe(0);
      await context.close();
    }, 120_000);
  }

  it('brings a guest who left the card page unpaid back to it from the station page', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US', extraHTTPHeaders: { 'cloudfront-viewer-address': '192.0.2.82:443' } });
    await context.addInitScript(() => localStorage.setItem('bali-refill.language', 'en'));
    const page = await context.newPage();
    const t = TEXTS.en;
    await page.goto(`${local().web}/s/${real.machine.id}`);
    await page.getByRole('radio', { name: t.size }).check();
    await page.getByRole('radio', { name: t.card }).check();
    await page.getByRole('button', { name: t.pay }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/GO-'));
    const cardPage = page.url();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.pathname === `/s/${real.machine.id}`);
    const waiting = page.locator('[data-testid="guest-progress"][data-status="waiting_payment"]');
    await waiting.getByRole('link', { name: t.payOnPage }).click();
    await page.waitForURL(cardPage);
    await context.close();
  }, 120_000);
});
