import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositories } from '../support/admin';
import { adminSignInInBrowser, newAccount, signInInBrowser } from '../support/auth';
import { axeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, newContext, PHONE } from '../support/browser';
import { settledRefill } from '../support/claims';
import { local } from '../support/local';

/**
 * "I didn't get my water" in the browser (docs/architecture.md, "Claims"): a person claims a refill from history on a
 * phone, the admin credits it from the claims queue, and the history row says so.
 */
let browser: Browser;
let account: { email: string; password: string; sub: string };
let sessionId: string;
const SHOTS = process.env.CLAIM_SHOTS;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await newAccount('claimer');
  const { users, ledger } = repositories();
  await users.ensure({ id: account.sub, username: account.email, firstName: 'Claim', lastName: null, email: account.email }, new Date().toISOString());
  await ledger.post(account.sub, 'topup', 5_000, `test-topup:${account.sub}`, { reference: `order-${account.sub}`, actor: 'gateway', paymentMethod: 'qris' });
  sessionId = await settledRefill(account.sub);
});
afterAll(async () => browser?.close());

async function signInUser(page: Page) {
  await signInInBrowser(page, account.email, account.password);
}

describe('claims in the browser', () => {
  it('a person claims a refill from history on a phone; the admin credits it from the queue; history shows it', async () => {
    const phone = await newContext(browser, PHONE);
    const page = await phone.newPage();
    await signInUser(page);
    await page.goto(local().web + '/app/history');
    const row = page.getByTestId('transaction-row').filter({ hasText: 'Claim Test Station' });
    await row.getByRole('button', { name: 'Report a problem with this refill' }).click();
    const sheet = page.getByRole('dialog', { name: 'What went wrong with this refill?' });
    await sheet.waitFor();
    expect(await sheet.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await sheet.getByLabel('Less water than I was charged for').check();
    await sheet.getByLabel('Anything else we should know? (optional)').fill('It stopped half way');
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/claim-sheet-phone.png` });
    await sheet.getByRole('button', { name: 'Send' }).click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('claim-state').textContent()).toBe('Claim sent: the team is looking at it');
    expect(await row.getByRole('button', { name: 'Report a problem with this refill' }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/claim-pending-phone.png` });

    const desk = await newContext(browser, DESKTOP);
    const admin = await desk.newPage();
    await adminSignInInBrowser(admin);
    await admin.goto(local().web + '/admin?tab=transactions');
    await admin.getByRole('button', { name: `Review the claim on session ${sessionId}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Review claim' });
    await dialog.getByRole('heading', { name: 'Station readings around the refill' }).waitFor();
    // Filed from an English phone: the outcome is e-mailed in English, and the admin is told so beside the reason.
    await dialog.getByText('E-mail will be sent in English: write the reason in it').waitFor();
    await dialog.getByLabel('Amount to credit (Rp)').fill('451');
    await dialog.getByLabel(/Reason/).fill('The pump log shows a short pour');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.getByText('Enter whole rupiah from 1 to Rp 450').waitFor();
    await dialog.getByLabel('Amount to credit (Rp)').fill('200');
    expect(await axeViolations(admin)).toEqual([]);
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/claim-review-desktop.png` });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await admin.getByRole('button', { name: `Review the claim on session ${sessionId}` }).waitFor({ state: 'detached' });

    await page.reload();
    await expect.poll(() => row.getByTestId('claim-state').textContent(), { timeout: 10_000 }).toBe('Claim accepted: Rp 200 back in your wallet');
    expect((await repositories().users.get(account.sub))!.balance).toBe(5_000 - 450 + 200);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/claim-credited-phone.png`, fullPage: true });
    // The same state in Bahasa Indonesia.
    await page.evaluate(() => localStorage.setItem('bali-refill.language', 'id'));
    await page.reload();
    await expect.poll(() => row.getByTestId('claim-state').textContent(), { timeout: 10_000 }).toBe('Klaim diterima: Rp 200 kembali ke dompet Anda');
    await Promise.all([phone.close(), desk.close()]);
  });
});
