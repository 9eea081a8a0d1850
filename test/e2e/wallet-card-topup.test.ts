import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { formatRupiah } from '@shared/money';
import { sandboxControlClient } from '@infra/local/sandbox-control';
import { newAccount } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { local, testDb } from '../support/local';

/**
 * Issue 36, the wallet user with a foreign card and no Google Pay or Apple Pay: from the app's home on a 390 px phone,
 * in English and in Bahasa Indonesia, the Top Up sheet sends the card to the gateway's hosted page (the sandbox's
 * stand-in for Midtrans Snap, in the person's language); nothing is credited until it is paid there; paid, the
 * gateway's return brings the person back to the app, which shows the outcome, the balance and the History row
 * naming the card. Back unpaid, the sheet offers the page again; a declined card says so and credits nothing.
 */
const PAID = 25_000;
const DECLINED = 25_013; // the sandbox declines amounts ending in 13 (docs/payments.md)

const TEXTS = {
  en: {
    signIn: 'Sign in', password: 'Password', topUp: 'Top Up', card: 'Visa / Mastercard', hint: /payment gateway’s page/,
    submit: (amount: number) => `Top Up ${formatRupiah(amount)}`, customAmount: 'Custom amount',
    pageTitle: 'Sandbox card payment', pay: (amount: number) => `Pay ${formatRupiah(amount)} by card`, back: 'Cancel and go back',
    success: 'Top Up Successful', added: `${formatRupiah(PAID)} has been added to your balance.`, failed: 'Top Up Failed',
    payOnPage: 'Pay by card on the payment page', toasts: /^Notifications/, recent: 'Recent transactions',
  },
  id: {
    signIn: 'Masuk', password: 'Kata sandi', topUp: 'Isi Saldo', card: 'Visa / Mastercard', hint: /halaman gateway pembayaran/,
    submit: (amount: number) => `Isi Saldo ${formatRupiah(amount)}`, customAmount: 'Jumlah lain',
    pageTitle: 'Pembayaran kartu sandbox', pay: (amount: number) => `Bayar ${formatRupiah(amount)} dengan kartu`, back: 'Batal dan kembali',
    success: 'Isi Saldo Berhasil', added: `${formatRupiah(PAID)} telah ditambahkan ke saldo Anda.`, failed: 'Isi Saldo Gagal',
    payOnPage: 'Bayar dengan kartu di halaman pembayaran', toasts: /^Notifikasi/, recent: 'Transaksi terbaru',
  },
} as const;
type Language = keyof typeof TEXTS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function storedBalance(sub: string): Promise<number> {
  const { db, tableName } = testDb();
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.user(sub), ConsistentRead: true }));
  return (Item?.balance as number | undefined) ?? 0;
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** A folder to save the journey's screens in, to look at them (`CARD_TOPUP_SHOTS=/tmp/shots`); none by default. */
const SHOTS = process.env.CARD_TOPUP_SHOTS;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png` }) : undefined);

/** A new account signed in at /signin on a phone in `language`, on the app's home. */
async function signedInPhone(language: Language, name: string) {
  const account = await newAccount(name);
  const context = await newContext(browser, { ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID', timezoneId: 'Asia/Makassar' });
  await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
  const page = await context.newPage();
  const t = TEXTS[language];
  await page.goto(`${local().web}/signin`);
  const form = page.getByRole('form', { name: t.signIn });
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel(t.password, { exact: true }).fill(account.password);
  await form.getByRole('button', { name: t.signIn }).click();
  await page.waitForURL(`${local().web}/app`);
  await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toBe('Rp 0');
  return { account, page };
}

/** Opens the Top Up sheet, chooses the card and `amount`, and submits: the browser goes to the gateway's page. */
async function topUpByCard(page: Page, language: Language, amount: number) {
  const t = TEXTS[language];
  await page.getByRole('button', { name: t.topUp, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: t.topUp });
  await sheet.waitFor();
  if (amount === PAID) await sheet.getByRole('button', { name: formatRupiah(PAID), exact: true }).click();
  else await sheet.getByLabel(t.customAmount).fill(String(amount));
  // The choice is a labelled button to tap (its radio is for screen readers).
  await sheet.locator('label', { has: page.getByRole('radio', { name: t.card }) }).click();
  expect(await sheet.getByRole('radio', { name: t.card }).isChecked()).toBe(true);
  await sheet.getByText(t.hint).waitFor();
  expect(await sideways(page)).toBe(0);
  await shot(page, `${language}-${amount}-1-sheet-card`);
  await sheet.getByRole('button', { name: t.submit(amount) }).click();
  const control = local().payments.sandboxControl!;
  await page.waitForURL((url) => url.href.startsWith(`${control}/pay/TU-`));
  return decodeURIComponent(new URL(page.url()).pathname.slice('/pay/'.length));
}

describe.each(['en', 'id'] as const)('a wallet top-up by card on the gateway’s page at 390 px (%s)', (language) => {
  const t = TEXTS[language];

  it('pays on the page in the person’s language, comes back to the app with the outcome, the balance and the History row', async () => {
    const { account, page } = await signedInPhone(language, `card-topup-${language}`);
    const topupId = await topUpByCard(page, language, PAID);

    // The gateway's page, in the person's language; nothing is credited until the card is paid there.
    await page.getByRole('heading', { name: t.pageTitle }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    const payByCard = page.getByRole('button', { name: t.pay(PAID) });
    await payByCard.waitFor();
    expect(await sideways(page)).toBe(0);
    await shot(page, `${language}-2-card-page`);
    await new Promise((resolve) => setTimeout(resolve, 800)); // past the time the sandbox settles other methods in
    const before = await sandboxControlClient(local().payments.sandboxControl!).status({ orderId: topupId, amount: PAID, method: 'card', createdAt: new Date(Date.now() - 800).toISOString() });
    expect(before?.gatewayStatus).toBe('pending');
    expect(await storedBalance(account.sub)).toBe(0);

    // Paid: the gateway's return opens the app's home, which follows the top-up to its outcome.
    await payByCard.click();
    await page.waitForURL((url) => url.pathname === '/app');
    const toasts = page.getByRole('region', { name: t.toasts });
    await toasts.getByText(t.success).waitFor({ timeout: 15_000 });
    await toasts.getByText(t.added).waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toBe(formatRupiah(PAID));
    await shot(page, `${language}-3-back-in-app`);
    expect(await storedBalance(account.sub)).toBe(PAID);
    const row = page.getByRole('list', { name: t.recent }).getByTestId('transaction-row').filter({ hasText: `+${formatRupiah(PAID)}` });
    expect(await row.textContent()).toContain('Visa / Mastercard');
    expect(await sideways(page)).toBe(0);
    await page.context().close();
  }, 120_000);

  it('back unpaid, offers the page again; a declined card says it failed and credits nothing', async () => {
    const { account, page } = await signedInPhone(language, `card-declined-${language}`);
    const cardPage = await topUpByCard(page, language, DECLINED).then(() => page.url());
    await page.getByRole('link', { name: t.back }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    const sheet = page.getByRole('dialog', { name: t.topUp });
    const waiting = sheet.getByTestId('topup-pending');
    await waiting.getByText(formatRupiah(DECLINED)).waitFor();
    expect(await sideways(page)).toBe(0);
    await shot(page, `${language}-4-back-unpaid`);
    await waiting.getByRole('link', { name: t.payOnPage }).click();
    await page.waitForURL(cardPage);

    await page.getByRole('button', { name: t.pay(DECLINED) }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('region', { name: t.toasts }).getByText(t.failed).waitFor({ timeout: 15_000 });
    await shot(page, `${language}-5-declined`);
    // The form again, with the amount and the card as they were: trying again is one tap. The wallet holds nothing.
    await sheet.getByRole('radio', { name: t.card }).waitFor();
    expect(await sheet.getByRole('radio', { name: t.card }).isChecked()).toBe(true);
    expect(await sheet.getByRole('button', { name: t.submit(DECLINED) }).isVisible()).toBe(true);
    expect(await storedBalance(account.sub)).toBe(0);
    expect(await page.getByTestId('balance').textContent()).toBe('Rp 0');
    await page.context().close();
  }, 120_000);
});
