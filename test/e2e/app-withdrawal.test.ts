import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { formatRupiah } from '@shared/money';
import { axeViolations } from '../support/axe';
import { adminSignInInBrowser, newAccount, signInInBrowser } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { local, testDb } from '../support/local';
import { settledTopup } from '../support/wallet';

/**
 * Withdrawing the balance from Profile (docs/payments.md, "Withdrawals") on a 390 px phone, in English and in Bahasa
 * Indonesia: the plan says what goes back to which top-up and what the team pays out and why, asks where to send the
 * payout (checked before it is sent), withdraws; the admin sees the destination and marks it paid with the transfer's
 * reference; History names the withdrawal by where its money went, and then says the payout was sent.
 */
let browser: Browser;
type Account = Awaited<ReturnType<typeof newAccount>>;

/** A wallet of Rp 32,000: a QRIS top-up of ten days ago (past QRIS's 7 days: paid out) and a GoPay top-up of today (refunded). */
async function leavingAccount(name: string) {
  const account = await newAccount(name);
  const old = await settledTopup(account.token, 12_000, 'qris');
  const { db, tableName } = testDb();
  await db.send(new UpdateCommand({ TableName: tableName, Key: keys.topup(old), UpdateExpression: 'SET creditedAt = :at', ExpressionAttributeValues: { ':at': new Date(Date.now() - 10 * 86_400_000).toISOString() } }));
  await settledTopup(account.token, 20_000, 'gopay');
  return account;
}

const TEXTS = {
  en: {
    open: 'Withdraw balance', dialog: 'Get my money back', refunds: 'Refunded automatically', where: 'Where should we send it?',
    confirm: `Withdraw ${formatRupiah(32_000)}`, done: 'Withdrawal done', empty: 'Your balance is empty: nothing to withdraw.', close: 'Close',
    paidOutTo: `${formatRupiah(12_000)} will be paid out by our team to BCA •••7890.`,
    historyTitle: 'Withdrawn',
    parts: (status: string) => `${formatRupiah(20_000)} refunded to GoPay · ${formatRupiah(12_000)} paid out to BCA •••7890 (${status})`,
    onItsWay: 'on its way', sent: 'sent',
    tab: 'Transactions', payouts: 'Payout requests', reference: 'Transfer reference', markPaid: 'Mark paid', closed: 'Payout request closed',
    destinationInFull: 'BCA (014) 1234567890, Made Wirawan',
  },
  id: {
    open: 'Tarik saldo', dialog: 'Tarik kembali uang saya', refunds: 'Dikembalikan otomatis', where: 'Ke mana kami mengirimnya?',
    confirm: `Tarik ${formatRupiah(32_000)}`, done: 'Penarikan selesai', empty: 'Saldo Anda kosong: tidak ada yang bisa ditarik.', close: 'Tutup',
    paidOutTo: `${formatRupiah(12_000)} akan dibayarkan oleh tim kami ke DANA •••7891.`,
    historyTitle: 'Ditarik',
    parts: (status: string) => `${formatRupiah(20_000)} dikembalikan ke GoPay · ${formatRupiah(12_000)} dibayarkan ke DANA •••7891 (${status})`,
    onItsWay: 'sedang diproses', sent: 'terkirim',
    tab: 'Transaksi', payouts: 'Permintaan pembayaran', reference: 'Referensi transfer', markPaid: 'Tandai dibayar', closed: 'Permintaan pembayaran ditutup',
    destinationInFull: 'DANA 081234567891',
  },
} as const;
type Language = keyof typeof TEXTS;

/** The destination each language's person gives: first wrongly (the form says what is wrong), then right. */
const DESTINATIONS: Record<Language, { wrong: (sheet: Locator) => Promise<string[]>; right: (sheet: Locator) => Promise<void> }> = {
  en: {
    wrong: async () => ['Choose a bank', 'An account number is 6 to 20 digits', 'Enter the account holder\'s name'],
    right: async (sheet) => {
      await sheet.getByLabel('Bank', { exact: true }).selectOption({ label: 'BCA' });
      await sheet.getByLabel('Account number').fill('1234 5678 90');
      await sheet.getByLabel('Account holder\'s name').fill('Made Wirawan');
    },
  },
  id: {
    wrong: async (sheet) => {
      // The choice is a labelled button to tap (its radio is for screen readers).
      await sheet.locator('label', { has: sheet.page().getByRole('radio', { name: 'Dompet digital' }) }).click();
      expect(await sheet.getByRole('radio', { name: 'Dompet digital' }).isChecked()).toBe(true);
      await sheet.getByRole('combobox', { name: 'Dompet digital' }).selectOption({ label: 'DANA' });
      await sheet.getByLabel('Nomor HP dompet digital').fill('+44 20 7946 0958');
      return ['Masukkan nomor HP Indonesia (08... atau +628...)'];
    },
    right: async (sheet) => {
      await sheet.getByLabel('Nomor HP dompet digital').fill('0812-3456-7891');
    },
  },
};

const accounts: Partial<Record<Language, Account>> = {};
beforeAll(async () => {
  [accounts.en, accounts.id] = await Promise.all([leavingAccount('leaving'), leavingAccount('pergi')]);
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The person's page at 390 px, signed in, in their language (remembered as the app remembers it). */
async function personPage(language: Language, account: Account): Promise<Page> {
  const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
  await signInInBrowser(page, account.email, account.password);
  await page.evaluate((l) => localStorage.setItem('bali-refill.language', l), language);
  return page;
}

const withdrawalRow = (page: Page, title: string) => page.getByTestId('transaction-row').filter({ hasText: title });

describe('withdrawing the balance from Profile, at 390 px', { timeout: 180_000 }, () => {
  for (const language of ['en', 'id'] as const) {
    const t = TEXTS[language];
    it(`asks where to send the payout, withdraws, the admin pays it with a reference, and History names each part (${language})`, async () => {
      const account = accounts[language]!;
      const page = await personPage(language, account);
      await page.goto(local().web + '/app/profile');
      await page.getByRole('button', { name: t.open }).click();
      const sheet = page.getByRole('dialog', { name: t.dialog });
      await sheet.getByRole('heading', { name: t.refunds }).waitFor();
      expect(await sheet.textContent()).toContain(formatRupiah(32_000));
      // The payout part asks where to send it, and why by hand.
      await sheet.getByRole('group', { name: t.where }).waitFor();
      expect(await axeViolations(page, 'dialog[open]')).toEqual([]);

      // Checked before anything is sent: the field messages, in the person's language.
      const expected = await DESTINATIONS[language].wrong(sheet);
      await sheet.getByRole('button', { name: t.confirm }).click();
      // Each under its field (the bank list's first option says 'Choose a bank' too).
      for (const message of expected) await sheet.locator(`p:text-is("${message}")`).waitFor();
      expect(await sheet.getByText(t.done).count()).toBe(0);
      await page.screenshot({ path: `test-results/app-withdrawal-destination-${language}.png` });

      await DESTINATIONS[language].right(sheet);
      await sheet.getByRole('button', { name: t.confirm }).click();
      await sheet.getByText(t.done, { exact: true }).waitFor();
      expect(await sheet.textContent()).toContain(t.paidOutTo);
      await sheet.getByRole('button', { name: t.close }).last().click();
      await expect.poll(async () => page.getByText(t.empty).count()).toBe(1);

      // History: one row, named by where the money went, its parts beneath.
      await page.goto(local().web + '/app/history');
      const row = withdrawalRow(page, t.historyTitle);
      await row.waitFor();
      expect(await row.getByTestId('withdrawal-parts').textContent()).toBe(t.parts(t.onItsWay));
      expect(await row.textContent()).toContain(`-${formatRupiah(32_000)}`);

      // The admin, on a phone too, sees where to send it and marks it paid with the transfer's reference.
      const adminPage = await (await newContext(browser, { ...PHONE, locale: language === 'id' ? 'id-ID' : 'en-US' })).newPage();
      await adminSignInInBrowser(adminPage);
      await adminPage.getByRole('tab', { name: t.tab }).click();
      const request = adminPage.getByRole('list', { name: t.payouts }).getByRole('listitem').filter({ hasText: account.email }).first();
      await request.waitFor();
      expect(await request.getByTestId('payout-destination').textContent()).toContain(t.destinationInFull);
      await request.getByLabel(t.reference).fill(`TRF-${language}-0412`);
      await request.getByRole('button', { name: t.markPaid }).click();
      await adminPage.getByText(t.closed).first().waitFor();
      await expect.poll(() => adminPage.getByRole('list', { name: t.payouts }).getByRole('listitem').filter({ hasText: account.email }).count()).toBe(0);
      await adminPage.close();

      // The person's History now says the payout was sent.
      await page.reload();
      await withdrawalRow(page, t.historyTitle).waitFor();
      expect(await withdrawalRow(page, t.historyTitle).getByTestId('withdrawal-parts').textContent()).toBe(t.parts(t.sent));
      await page.screenshot({ path: `test-results/app-withdrawal-history-${language}.png` });
    });
  }
});
