import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { randomIds } from '@functions/platform/ports/clock';
import { refundInFlightAccount } from '@functions/wallet/ports/payment-orders';
import { createUser } from '../support/admin';
import { adminSignInInBrowser } from '../support/auth';
import { PHONE, downloadedText, launchBrowser, newContext } from '../support/browser';
import { apiFetch, testDb } from '../support/local';

/** 2024-04-10 in Bali (2024-04-09T16:00Z to 2024-04-10T16:00Z): no other test writes then, so its book is this file's. */
const DAY = '2024-04-10';
/** A ledger whose clock reads `minute` minutes into the day in Bali. */
const at = (minute: number) => new DynamoLedger(testDb().db, testDb().tableName, { now: () => new Date(Date.parse('2024-04-09T16:00:00.000Z') + minute * 60_000) }, randomIds);

let browser: Browser;
let stationNames: Record<'HRL-00001' | 'HRL-00002', string>;

/** The day's movements (transactions): 9, debits = credits = Rp 97,700. */
async function seedTheDay() {
  const [ana, bo] = [await createUser('e2e-book-ana'), await createUser('e2e-book-bo')];
  const vend = async (minute: number, userId: string, stationId: keyof typeof stationNames, held: number, charged: number) => {
    const holdId = `e2e-book-vend-${userId}-${minute}`;
    const details = { reference: holdId, actor: `station:${stationId}`, machineId: stationId, machineName: stationNames[stationId], volumeMl: charged };
    await at(minute).hold(userId, holdId, held, { reference: holdId, actor: userId, machineId: stationId });
    await at(minute).settle(holdId, charged, details);
  };
  // In from the gateway: Rp 70,000.
  await at(480).post(ana, 'topup', 50_000, `e2e-book:topup:${ana}`, { reference: `order-${ana}`, actor: 'gateway', paymentMethod: 'gopay' });
  await at(481).post(bo, 'topup', 20_000, `e2e-book:topup:${bo}`, { reference: `order-${bo}`, actor: 'gateway', paymentMethod: 'qris' });
  // Water: Rp 3,500 at HRL-00001, Rp 2,000 at HRL-00002.
  await vend(500, ana, 'HRL-00001', 5_000, 3_500);
  await vend(510, bo, 'HRL-00002', 2_000, 2_000);
  // A refund through the gateway, set aside before it is asked: Rp 10,000 out.
  const refunding = refundInFlightAccount(`e2e-book-${ana}`);
  await at(600).transfer({ from: ana, to: refunding, amount: 10_000 }, `e2e-book:refund-pending:${ana}`, { reference: `order-${ana}`, actor: 'system' });
  await at(601).charge(refunding, 'adjustment', 10_000, `e2e-book:refund:${ana}`, { reference: `order-${ana}`, actor: 'gateway', counter: 'gateway' });
  // A claim credit, a goodwill credit and a payout made by hand.
  await at(700).post(ana, 'refund', 700, `e2e-book:claim:${ana}`, { reference: 'claim-e2e-book', actor: 'admin:ops' });
  await at(701).post(bo, 'adjustment', 1_000, `e2e-book:goodwill:${bo}`, { reference: 'sorry', actor: 'admin:ops', counter: 'goodwill' });
  await at(702).charge(bo, 'adjustment', 500, `e2e-book:payout:${bo}`, { reference: 'bank transfer', actor: 'admin:ops', counter: 'manual-payouts' });
  return ana;
}

let ana: string;
beforeAll(async () => {
  const name = async (id: string) => ((await apiFetch(`/api/machines/${id}`)).body as { name: string }).name;
  stationNames = { 'HRL-00001': await name('HRL-00001'), 'HRL-00002': await name('HRL-00002') };
  ana = await seedTheDay();
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const TEXTS = {
  'en-US': {
    title: 'Book', previous: 'Previous day', next: 'Next day', day: 'Day', download: 'Download journal (CSV)', empty: 'No money moved on this day.',
    gatewayIn: 'Money in from the gateway', refundsOut: 'Refunds out', revenue: 'Revenue per station', balanced: 'Balanced',
    totals: 'Debits Rp 97.700 = credits Rp 97.700, 9 transactions', customers: "Customers' money: the day's change", wallets: 'Held in wallets',
    credits: 'Credits given and payouts', claims: 'Claim credits', goodwill: 'Goodwill and adjustments', payouts: 'Payouts by hand',
  },
  'id-ID': {
    title: 'Buku kas', previous: 'Hari sebelumnya', next: 'Hari berikutnya', day: 'Hari', download: 'Unduh jurnal (CSV)', empty: 'Tidak ada uang yang bergerak pada hari ini.',
    gatewayIn: 'Uang masuk dari gateway', refundsOut: 'Pengembalian dana keluar', revenue: 'Pendapatan per stasiun', balanced: 'Seimbang',
    totals: 'Debit Rp 97.700 = kredit Rp 97.700, 9 transaksi', customers: 'Uang pelanggan: perubahan hari itu', wallets: 'Disimpan di dompet',
    credits: 'Kredit yang diberikan dan pembayaran', claims: 'Kredit klaim', goodwill: 'Itikad baik dan penyesuaian', payouts: 'Pembayaran manual',
  },
} as const;

/** The amount on the line of `label` in the section `section`. */
const figure = (page: Page, section: string, label: string) =>
  page.getByRole('region', { name: section }).getByRole('listitem').filter({ hasText: label }).locator('span').last().textContent();

describe("the admin's Book page in Chromium at 390 px", { timeout: 180_000 }, () => {
  for (const locale of ['en-US', 'id-ID'] as const) {
    const t = TEXTS[locale];
    it(`shows ${DAY}'s book, steps through days and saves the day's journal (${locale})`, async () => {
      const page = await (await newContext(browser, { ...PHONE, locale })).newPage();
      await adminSignInInBrowser(page);

      // From the dashboard: today in Bali, with no day after it.
      await page.getByRole('link', { name: t.title, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/book');
      await page.getByRole('heading', { name: t.title, exact: true }).waitFor();
      expect(await page.getByLabel(t.day, { exact: true }).inputValue()).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Makassar' }).format(new Date()));
      expect(await page.getByRole('button', { name: t.next }).isDisabled()).toBe(true);

      // The day picked, then the day before it (nothing moved) and back with the buttons.
      await page.getByLabel(t.day, { exact: true }).fill(DAY);
      await page.waitForURL((url) => url.searchParams.get('date') === DAY);
      await page.getByRole('region', { name: t.balanced }).waitFor();
      await page.getByRole('button', { name: t.previous }).click();
      await page.waitForURL((url) => url.searchParams.get('date') === '2024-04-09');
      await page.getByText(t.empty).waitFor();
      await page.getByRole('button', { name: t.next }).click();
      await page.waitForURL((url) => url.searchParams.get('date') === DAY);

      const balance = page.getByRole('region', { name: t.balanced });
      await balance.waitFor();
      expect(await balance.textContent()).toContain(t.totals);
      expect(await page.getByRole('region', { name: t.gatewayIn }).textContent()).toContain('Rp 70.000');
      expect(await page.getByRole('region', { name: t.refundsOut }).textContent()).toContain('Rp 10.000');
      // Largest first, by the stations' names.
      const stations = page.getByRole('list', { name: t.revenue }).getByRole('listitem');
      await expect.poll(() => stations.allTextContents()).toEqual([`${stationNames['HRL-00001']} (HRL-00001)Rp 3.500`, `${stationNames['HRL-00002']} (HRL-00002)Rp 2.000`]);
      expect(await figure(page, t.customers, t.wallets)).toBe('+Rp 55.700');
      expect(await figure(page, t.credits, t.claims)).toBe('Rp 700');
      expect(await figure(page, t.credits, t.goodwill)).toBe('Rp 1.000');
      expect(await figure(page, t.credits, t.payouts)).toBe('Rp 500');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `/tmp/console-book-${locale}.png`, fullPage: true });

      // The journal of the day: the accountant's columns, every line of the day, debits equal to credits.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.download }).click()]);
      expect(download.suggestedFilename()).toBe(`bali-refill-journal-${DAY}.csv`);
      const [header, ...lines] = (await downloadedText(download)).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(header).toBe('Date (Bali time),Transaction,Account,Debit (IDR),Credit (IDR),Reference');
      const rows = lines.map((line) => line.split(','));
      const total = (column: number) => rows.reduce((sum, row) => sum + Number(row[column] || 0), 0);
      expect([total(3), total(4)]).toEqual([97_700, 97_700]);
      expect(rows).toHaveLength(18);
      expect(rows.filter((row) => row[1] === `e2e-book:topup:${ana}`).map((row) => row.slice(0, 5)).sort()).toEqual([
        ['2024-04-10 08:00:00', `e2e-book:topup:${ana}`, 'gateway', '50000', ''],
        ['2024-04-10 08:00:00', `e2e-book:topup:${ana}`, `wallet:${ana}`, '', '50000'],
      ]);
      await page.context().close();
    });
  }
});
