import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@shared/format';
import type { Language } from '@shared/language';
import type { Claim } from '@shared/schemas/claim';
import { asAdmin, repositories } from '../support/admin';
import { adminSignInInBrowser, bearer, newAccount } from '../support/auth';
import { PHONE, launchBrowser, newContext } from '../support/browser';
import { settledRefill } from '../support/claims';
import { apiFetch } from '../support/local';

/**
 * The claims queue on a phone (docs/architecture.md, "Claims"): the Transactions tab counts the claims waiting, and
 * the decision tells the admin the language its e-mail goes out in and when the refill was, on Bali's clock.
 */
let browser: Browser;
let account: { sub: string; token: string; email: string };

beforeAll(async () => {
  browser = await launchBrowser();
  account = await newAccount('queued-claimer');
  const { users, ledger } = repositories();
  await users.ensure({ id: account.sub, username: account.email, firstName: 'Queued', lastName: null, email: account.email }, new Date().toISOString());
  await ledger.post(account.sub, 'topup', 10_000, `test-topup:${account.sub}`, { reference: `order-${account.sub}`, actor: 'gateway', paymentMethod: 'qris' });
});
afterAll(async () => browser?.close());

/** A claim filed from a phone in Bahasa Indonesia: its outcome is e-mailed in Indonesian. */
async function indonesianClaim(): Promise<Claim> {
  const sessionId = await settledRefill(account.sub);
  const filed = await apiFetch(`/api/vends/${sessionId}/claim`, { method: 'POST', headers: { ...bearer(account.token), 'accept-language': 'id' }, json: { kind: 'dispensed_less' } });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return filed.body as Claim;
}

/** What the badge on a phone reads for the claims waiting now (the queue's first page). */
async function phoneBadge(): Promise<string> {
  const waiting = ((await asAdmin('/api/admin/claims?limit=50')).body.items as Claim[]).length;
  return waiting > 9 ? '9+' : String(waiting);
}
const badgeText = (page: Page) => page.getByTestId('claim-count').innerText();

describe('the claims queue in Chromium at 390 px', { timeout: 180_000 }, () => {
  for (const [language, locale, texts] of [
    ['en', 'en-US', { tab: 'Transactions', waiting: /^Transactions, \d+ claims? waiting$/, review: 'Review the claim on session', dialog: 'Review claim', emailed: 'E-mail will be sent in Bahasa Indonesia: write the reason in it', decline: 'Decline', reason: /Reason/, submit: 'Resolve' }],
    ['id', 'id-ID', { tab: 'Transaksi', waiting: /^Transaksi, \d+ klaim menunggu$/, review: 'Periksa klaim atas sesi', dialog: 'Periksa klaim', emailed: 'E-mail akan dikirim dalam Bahasa Indonesia: tulis alasannya dalam bahasa itu', decline: 'Tolak', reason: /Alasan/, submit: 'Selesaikan' }],
  ] as const satisfies readonly (readonly [Language, string, unknown])[]) {
    it(`badges the Transactions tab with the claims waiting; the decision names the e-mail's language and Bali's time (${locale})`, async () => {
      const claim = await indonesianClaim();
      // The browser's clock is UTC: the times shown are Bali's all the same.
      const page = await (await newContext(browser, { ...PHONE, locale, timezoneId: 'UTC' })).newPage();
      await adminSignInInBrowser(page);
      const tab = page.getByRole('tab', { name: texts.tab });
      await expect.poll(async () => (await badgeText(page)) === (await phoneBadge())).toBe(true);
      expect(await tab.getAttribute('aria-label')).toMatch(texts.waiting);
      await page.screenshot({ path: `/tmp/console-claims-badge-${locale}.png` });

      await tab.click();
      await page.getByRole('button', { name: `${texts.review} ${claim.sessionId}` }).click();
      const dialog = page.getByRole('dialog', { name: texts.dialog });
      await dialog.getByText(texts.emailed).waitFor();
      const vendAt = formatDateTime(claim.vendAt, language)!;
      expect(vendAt).not.toContain(claim.vendAt.slice(11, 16));
      await dialog.getByText(vendAt, { exact: false }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `/tmp/console-claims-decision-${locale}.png` });

      // Deciding takes the claim off the queue: the badge counts one less.
      await dialog.getByLabel(texts.decline).check();
      await dialog.getByLabel(texts.reason).fill('TDS normal');
      await dialog.getByRole('button', { name: texts.submit }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => {
        const expected = await phoneBadge();
        return expected === '0' ? (await page.getByTestId('claim-count').count()) === 0 : (await badgeText(page)) === expected;
      }).toBe(true);
      await page.context().close();
    });
  }
});
