import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import { repositories } from '../support/admin';
import { newAccount, signInInBrowser } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';

/**
 * What a user owes (docs/design.md, "Ledger"): water a station reported after the hold was released, beyond what
 * the balance held, shows on the wallet card and in the history, and the next top-up pays it first.
 */
let browser: Browser;
let page: Page;
let account: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  account = await newAccount('owing');
  const { users, ledger } = repositories();
  await users.ensure({ id: account.sub, username: account.email, firstName: 'Komang', lastName: null, email: account.email }, new Date().toISOString());
  await ledger.post(account.sub, 'topup', 2_200, `e2e-owed-topup:${account.sub}`, { reference: 'order-1', actor: 'gateway', paymentMethod: 'qris' });
  // 500 ml reported late at a station; the wallet holds Rp 200 of it by then (the rest went to another refill).
  await ledger.post(account.sub, 'purchase', -2_000, `e2e-owed-refill:${account.sub}`, { reference: 's1', actor: 'station:HRL-00001', machineId: 'HRL-00001', machineName: 'Seminyak Square', volumeMl: 2_000 });
  await ledger.charge(account.sub, 'purchase', 500, `late:e2e-${account.sub}`, { reference: 's2', actor: 'station:HRL-00002', machineId: 'HRL-00002', machineName: 'Petitenget Beach', volumeMl: 500 });
  browser = await launchBrowser();
  page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
  await signInInBrowser(page, account.email, account.password);
});
afterAll(async () => browser?.close());

describe('what a user owes, in the app', () => {
  it('shows the amount owed on the wallet card and the history, and the next top-up pays it first', async () => {
    expect(await repositories().users.get(account.sub)).toMatchObject({ balance: 0, owed: 300 });
    const owed = page.getByTestId('owed');
    await owed.waitFor();
    expect(await owed.textContent()).toContain(`${formatRupiah(300)} owed`);
    expect(await page.getByTestId('balance').textContent()).toBe(formatRupiah(0));
    await page.screenshot({ path: 'test-results/app-owed.png' });
    const rows = page.getByRole('list', { name: 'Recent transactions' }).getByTestId('transaction-row');
    await expect.poll(() => rows.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Owed: Petitenget Beach')]));
    expect((await rows.allTextContents()).find((t) => t.includes('Owed: Petitenget Beach'))).toContain(`${formatRupiah(300)} owed`);

    await repositories().ledger.post(account.sub, 'topup', 10_000, `e2e-owed-topup2:${account.sub}`, { reference: 'order-2', actor: 'gateway', paymentMethod: 'qris' });
    await page.reload();
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(formatRupiah(9_700));
    expect(await page.getByTestId('owed').count()).toBe(0);
    await expect.poll(() => rows.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Owed amount paid')]));
    expect((await rows.allTextContents()).find((t) => t.includes('Owed amount paid'))).toContain(`-${formatRupiah(300)}`);
  });
});
