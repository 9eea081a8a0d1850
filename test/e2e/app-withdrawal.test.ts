import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/adapters/dynamodb/keys';
import { formatRupiah } from '@shared/money';
import { axeViolations } from '../support/axe';
import { bearer, newAccount, signInInBrowser } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { apiFetch, local, testDb } from '../support/local';

/**
 * Withdrawing the balance from Profile (docs/payments.md, "Withdrawals") on the phone: the plan says what goes back to
 * which top-up and what the team pays out and why, the confirmation withdraws it, and the history shows the refund.
 */
let browser: Browser;
let page: Page;
let account: Awaited<ReturnType<typeof newAccount>>;

async function topup(amount: number, paymentMethod: string) {
  const res = await apiFetch('/api/wallet/topup', { method: 'POST', headers: { ...bearer(account.token), 'idempotency-key': crypto.randomUUID() }, json: { amount, paymentMethod } });
  for (let tries = 0; (await apiFetch(`/api/wallet/topup/${res.body.id}`, { headers: bearer(account.token) })).body.status !== 'settled'; tries++) {
    if (tries > 60) throw new Error(`top-up ${res.body.id} did not settle`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return res.body.id as string;
}

beforeAll(async () => {
  account = await newAccount('leaving');
  const old = await topup(12_000, 'qris');
  // Paid ten days ago: past QRIS's 7 days, so it goes to the payout request.
  const { db, tableName } = testDb();
  await db.send(new UpdateCommand({ TableName: tableName, Key: keys.topup(old), UpdateExpression: 'SET creditedAt = :at', ExpressionAttributeValues: { ':at': new Date(Date.now() - 10 * 86_400_000).toISOString() } }));
  await topup(20_000, 'gopay');
  browser = await launchBrowser();
  page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
  await signInInBrowser(page, account.email, account.password);
});
afterAll(async () => browser?.close());

describe('withdrawing the balance from Profile', () => {
  it('shows the plan with its reasons, withdraws it, and the history shows the withdrawal', async () => {
    await page.goto(local().web + '/app/profile');
    await page.getByRole('button', { name: 'Withdraw balance' }).click();
    const sheet = page.getByRole('dialog', { name: 'Get my money back' });
    await sheet.getByRole('heading', { name: 'Refunded automatically' }).waitFor();
    expect(await sheet.textContent()).toContain(formatRupiah(32_000));
    expect(await sheet.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/To your GoPay top-up of .*Rp 20\.000$/),
      expect.stringMatching(/^QRIS refunds are possible for 7 days after paying; this one could be refunded until .*Rp 12\.000$/),
    ]);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: 'test-results/app-withdrawal-plan.png' });

    await sheet.getByRole('button', { name: `Withdraw ${formatRupiah(32_000)}` }).click();
    await sheet.getByText('Withdrawal done', { exact: true }).waitFor();
    expect(await sheet.textContent()).toContain(`${formatRupiah(20_000)} is on its way back`);
    expect(await sheet.textContent()).toContain(`${formatRupiah(12_000)} will be paid out by our team`);
    await sheet.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(async () => page.getByText('Your balance is empty: nothing to withdraw.').count()).toBe(1);

    await page.goto(local().web + '/app/history');
    const rows = page.getByTestId('transaction-row');
    // The whole balance left the wallet in one step, set aside for the refund and the payout.
    await expect.poll(() => rows.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Withdrawn')]));
    expect((await rows.allTextContents()).find((t) => t.includes('Withdrawn'))).toContain(`-${formatRupiah(32_000)}`);
  });

  it('speaks Bahasa Indonesia', async () => {
    await page.evaluate(() => localStorage.setItem('bali-refill.language', 'id'));
    await page.goto(local().web + '/app/profile');
    await page.getByText('Tarik kembali uang saya').waitFor();
    expect(await page.getByRole('button', { name: 'Tarik saldo' }).isDisabled()).toBe(true);
    expect(await axeViolations(page, 'section[aria-labelledby="withdraw-title"]')).toEqual([]);
  });
});
