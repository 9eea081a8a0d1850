import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { newAccount } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { local, testDb } from '../support/local';

/**
 * The Top-Up sheet in Chromium against the local cloud and the sandbox gateway: a fresh account signs in
 * through the /signin screen, tops up, and the balance and history follow from the ledger.
 */
let browser: Browser;
let page: Page;
let account: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  account = await newAccount('e2e-wallet');
  browser = await launchBrowser();
  page = await (await newContext(browser, PHONE)).newPage();
});
afterAll(async () => browser?.close());

async function storedTopups(sub: string) {
  const { db, tableName } = testDb();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({
      TableName: tableName, FilterExpression: 'begins_with(PK, :p) AND userId = :u', ExpressionAttributeValues: { ':p': 'TOPUP#', ':u': sub }, ExclusiveStartKey: start,
    }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function storedBalance(sub: string) {
  const { db, tableName } = testDb();
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.user(sub), ConsistentRead: true }));
  return Item?.balance as number | undefined;
}

const toasts = () => page.getByRole('region', { name: /Notifications/ });
const balance = () => page.getByTestId('balance');
const sheet = () => page.getByRole('dialog', { name: 'Top Up' });

describe('topping up the wallet in the browser', () => {
  it('signs in a fresh account through /signin and shows Rp 0', async () => {
    await page.goto(`${local().web}/signin?redirect=/app`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app(\?|$)/);
    await expect.poll(() => balance().textContent(), { timeout: 15_000 }).toBe('Rp 0');
  });

  it('opens the Top Up sheet with 50,000 and OVO chosen; the card wallets hide themselves in headless Chromium', async () => {
    await page.getByRole('button', { name: 'Top Up', exact: true }).click();
    await sheet().waitFor();
    expect(await sheet().getByRole('button', { name: 'Rp 50.000', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await sheet().getByRole('button', { name: 'Rp 25.000', exact: true }).getAttribute('aria-pressed')).toBe('false');
    expect(await sheet().getByRole('radio', { name: 'OVO' }).isChecked()).toBe(true);
    // Wallet detection finishes; this browser offers no Google Pay or Apple Pay, so the e-wallets and the card on the gateway's page remain.
    await expect.poll(() => sheet().getByText('Checking for Google Pay and Apple Pay...').count()).toBe(0);
    const methods = await sheet().getByRole('radio').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(methods).toEqual(['ovo', 'gopay', 'qris', 'card']);
  });

  it('top up 9,999 shows the minimum toast and changes nothing', async () => {
    const sent: string[] = [];
    const watch = (request: { url(): string; method(): string }) => {
      if (request.url().includes('/api/wallet/')) sent.push(`${request.method()} ${request.url()}`);
    };
    page.on('request', watch);
    await sheet().getByLabel('Custom amount').fill('9999');
    await sheet().getByRole('button', { name: 'Top Up Rp 9.999' }).click();
    await toasts().getByText('Invalid Amount').waitFor();
    await toasts().getByText('Minimum top up amount is Rp 10,000').waitFor();
    // Nothing was sent: no top-up stored, balance unchanged, still on the form.
    expect(await storedTopups(account.sub)).toEqual([]);
    expect(await storedBalance(account.sub)).toBe(0);
    expect(await balance().textContent()).toBe('Rp 0');
    expect(await sheet().getByTestId('topup-pending').count()).toBe(0);
    page.off('request', watch);
    expect(sent).toEqual([]);
  });

  it('top up 50,000 with the sandbox shows progress, then the new balance and a + row in history', async () => {
    await sheet().getByLabel('Custom amount').fill('');
    await sheet().getByRole('button', { name: 'Rp 50.000', exact: true }).click();
    await sheet().getByRole('button', { name: 'Top Up Rp 50.000' }).click();
    // Progress: the gateway's QR code (OVO pays QRIS) while the sandbox settles.
    await sheet().getByTestId('topup-pending').waitFor();
    await sheet().getByText('Waiting for your payment...').waitFor();
    expect(await sheet().getByTestId('payment-qr').getAttribute('data-qr-value')).toMatch(/^000201/);
    // Settled: confirmation, the sheet closes, the balance reads the ledger.
    await toasts().getByText('Top Up Successful').waitFor({ timeout: 10_000 });
    await sheet().waitFor({ state: 'detached' });
    await expect.poll(() => balance().textContent(), { timeout: 10_000 }).toBe('Rp 50.000');
    expect(await storedBalance(account.sub)).toBe(50_000);
    const topups = await storedTopups(account.sub);
    expect(topups).toHaveLength(1);
    expect(topups[0]).toMatchObject({ status: 'settled', amount: 50_000, paymentMethod: 'ovo' });

    await page.goto(`${local().web}/app/history`);
    const row = page.getByTestId('transaction-row').first();
    await row.waitFor();
    expect(await page.getByTestId('transaction-row').count()).toBe(1);
    expect(await row.textContent()).toContain('Top Up');
    expect(await row.textContent()).toContain('+Rp 50.000');
    expect(await row.textContent()).toContain('OVO');
  });
});
