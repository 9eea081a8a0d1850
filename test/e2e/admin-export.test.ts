import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baliMonthSoFar } from '@shared/bali-time';
import { formatDay } from '@shared/format';
import { adminSignInInBrowser } from '../support/auth';
import { createUser, settlePurchase } from '../support/admin';
import { PHONE, downloadedText, launchBrowser, newContext } from '../support/browser';
import { local } from '../support/local';

/** The admin's export of transactions in Chromium: every row of the days and filters chosen, not the page on screen. */
let browser: Browser;
let userId: string;

beforeAll(async () => {
  userId = await createUser('e2e-export', { topup: 100_000 });
  // 25 refills and the top-up: more than the 20 rows a page shows.
  for (let i = 0; i < 25; i++) await settlePurchase(userId, { id: 'HRL-00003', name: 'Double Six Beach' }, 100 + i);
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("the admin's export in Chromium", { timeout: 180_000 }, () => {
  for (const [locale, texts] of [
    ['en-US', { exportCsv: 'Export CSV', exporting: 'Exporting...', from: 'From', to: 'To' }],
    ['id-ID', { exportCsv: 'Ekspor CSV', exporting: 'Mengekspor...', from: 'Dari', to: 'Sampai' }],
  ] as const) {
    it(`saves every transaction of this month with the filters at 390 px, busy meanwhile (${locale})`, async () => {
      const page = await (await newContext(browser, { ...PHONE, locale })).newPage();
      await adminSignInInBrowser(page);
      await page.goto(`${local().web}/admin?tab=transactions&user=${userId}`);
      const month = baliMonthSoFar();
      expect(await page.getByLabel(texts.from, { exact: true }).inputValue()).toBe(month.from);
      expect(await page.getByLabel(texts.to, { exact: true }).inputValue()).toBe(month.to);
      // The browser's date control shows the browser's format; beneath each, the day in the console's language.
      const language = locale === 'en-US' ? 'en' : 'id';
      for (const [label, day] of [[texts.from, month.from], [texts.to, month.to]] as const) {
        expect(await page.getByLabel(label, { exact: true }).locator('xpath=ancestor::label/following-sibling::span[@data-testid="day-shown"]').innerText()).toBe(formatDay(day, language));
      }
      await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(20);

      // The API answers slowly: the button says it is busy until the file is saved.
      await page.route('**/api/admin/transactions/export?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      const button = page.getByRole('button', { name: texts.exportCsv });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click(), page.getByRole('button', { name: texts.exporting }).waitFor()]);
      expect(download.suggestedFilename()).toBe(`bali-refill-transactions-${month.from}-${month.to}.csv`);
      const lines = (await downloadedText(download)).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toMatch(/^Transaction ID,Date \(Bali time\),Type,/);
      expect(lines.slice(1).filter((line) => line.includes(`,${userId},`))).toHaveLength(26);
      expect(lines.slice(1).filter((line) => line.includes(',purchase,'))).toHaveLength(25);
      await button.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `/tmp/console-export-${locale}.png` });
      await page.context().close();
    });
  }
});
