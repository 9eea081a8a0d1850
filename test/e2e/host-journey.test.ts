import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baliDate } from '@shared/bali-time';
import { formatDay } from '@shared/format';
import { formatRupiah } from '@shared/money';
import { HostImpactReport } from '@shared/schemas/host';
import { SEED_HOST_BUSINESS, SEED_HOST_STATIONS } from '@infra/local/seed';
import { asAdmin, createUser, settlePurchase } from '../support/admin';
import { bearer, signInAs, staffSignInAtSignin } from '../support/auth';
import { PHONE, launchBrowser, newContext } from '../support/browser';
import { apiFetch, local } from '../support/local';

/**
 * The host's journey (issue 36, items 7 and 12): a partner business signs in where anyone does, on its phone, and reads
 * its month: its business and stations, the period's days in Bali, the refills and the revenue share in rupiah; the
 * report prints with its logo; the wallet, if the host lands there, leads back to it.
 */
let browser: Browser;

beforeAll(async () => {
  // Paid refills at one of the host's stations this month, as a vend settles them.
  const buyer = await createUser('host-journey-buyer', { topup: 50_000 });
  const [station] = SEED_HOST_STATIONS;
  for (const charged of [3_000, 4_500, 1_500]) await settlePurchase(buyer, { id: station!, name: station! }, charged);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the host's journey at 390 px", { timeout: 120_000 }, () => {
  for (const language of ['en', 'id'] as const) {
    it(`signs in at /signin and reads the month's refills and revenue share, printable (${language})`, async () => {
      const page = await (await newContext(browser, { ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID' })).newPage();
      await staffSignInAtSignin(page, 'host', language, '/host');

      await page.getByTestId('host-business').getByText(SEED_HOST_BUSINESS).waitFor();
      for (const id of SEED_HOST_STATIONS) await page.getByTestId('host-station-id').getByText(id, { exact: true }).waitFor();
      // The period: from the month's first day to today, Bali's days, in the page's language.
      const today = baliDate();
      const period = await page.getByTestId('host-period').textContent();
      expect(period).toContain(formatDay(`${today.slice(0, 7)}-01`, language));
      expect(period).toContain(formatDay(today, language));

      // The figures the host checks, against the month as the API tells it and the share as the settings set it.
      const report = HostImpactReport.parse((await apiFetch('/api/host/stations', { headers: bearer((await signInAs('host')).token) })).body);
      const { hostRevenueSharePercent } = (await asAdmin('/api/admin/settings')).body as { hostRevenueSharePercent: number };
      expect(report.totals.revenue).toBeGreaterThanOrEqual(9_000);
      await expect.poll(() => page.getByTestId('host-revenue').textContent()).toBe(formatRupiah(report.totals.revenue));
      expect(await page.getByTestId('host-share').textContent()).toBe(formatRupiah(Math.round((report.totals.revenue * hostRevenueSharePercent) / 100)));
      expect(await page.getByTestId('host-refills').textContent()).toBe(String(report.totals.refills));
      await page.getByText(language === 'en' ? `Your revenue share (${hostRevenueSharePercent}%)` : `Bagi hasil Anda (${hostRevenueSharePercent}%)`).waitFor();
      // Nothing runs off the side of the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Printed: the controls stay off the paper, the business and its share on it, and the logo draws with its own gradient.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: language === 'en' ? 'Print the report' : 'Cetak laporan' }).isVisible()).toBe(false);
      expect(await page.getByTestId('host-business').isVisible()).toBe(true);
      expect(await page.getByTestId('host-share').isVisible()).toBe(true);
      const logoDraws = await page.locator('main svg').first().evaluate((svg) => {
        const fill = svg.querySelector('rect')?.getAttribute('fill') ?? '';
        const gradient = document.getElementById(/url\(#([^)]+)\)/.exec(fill)?.[1] ?? '');
        return svg.checkVisibility() && gradient !== null && svg.contains(gradient);
      });
      expect(logoDraws).toBe(true);

      // Landed in the wallet anyway (an old bookmark), the host is offered its report.
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`${local().web}/app`);
      await page.getByRole('link', { name: language === 'en' ? 'Open your report' : 'Buka laporan Anda' }).click();
      await page.waitForURL((url) => url.pathname === '/host');
      await page.context().close();
    });
  }
});
