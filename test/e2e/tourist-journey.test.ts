import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import { formatLitres } from '@shared/format';
import { DESKTOP, launchBrowser, newContext, PHONE } from '../support/browser';
import { apiFetch, local } from '../support/local';
import { newAccount } from '../support/auth';
import { closeStations, guestStation, workerServices, type Provisioned } from '../integration/stations-support';

/**
 * Issue 36, the tourist (items 1, 3 and 12): a signed-out visitor on a 390 px phone, in English and in Bahasa
 * Indonesia, reaches "pay at this station" in at most two taps from the landing page, the finder (by the code on the
 * sticker) and the sign-in wall; an app link leads on instead of bouncing; from the sticker URL the guest pays without
 * an e-mail and the receipt shows Bali's date and time, the method and the station code, and asks to keep the link.
 * The phone's own clock is set to London: the receipt's time must still be Bali's.
 */

const TEXTS = {
  en: {
    findStations: 'Find stations', search: 'Search stations or locations...', startRefill: (name: string) => `Pay for a refill at ${name}`,
    pageTitle: (name: string) => `Refill at ${name}`, findStation: 'Find a station', refillHere: (name: string) => `Refill at ${name}`,
    pay: `Pay ${formatRupiah(1500)}`, seeReceipt: 'See your receipt', keepLink: 'You gave no e-mail address', method: 'QRIS',
    openApp: 'Open the web app', appNeedsAccount: 'The app needs an account', locale: 'en-US', dates: 'en-GB', signIn: 'Sign in',
    reportProblem: 'Report a problem with this refill', lessWater: 'Less water than I was charged for', contact: 'Your e-mail or WhatsApp number', send: 'Send',
    received: 'We received your claim. Our team looks at it within a day and answers you at +6281234567890.',
    signInToKeep: 'I have an account: sign in', password: 'Password', paidAtStation: 'Paid at the station (kept receipt)',
  },
  id: {
    findStations: 'Cari stasiun', search: 'Cari stasiun atau lokasi...', startRefill: (name: string) => `Bayar isi ulang di ${name}`,
    pageTitle: (name: string) => `Isi ulang di ${name}`, findStation: 'Cari stasiun', refillHere: (name: string) => `Isi ulang di ${name}`,
    pay: `Bayar ${formatRupiah(1500)}`, seeReceipt: 'Lihat struk Anda', keepLink: 'Anda tidak memberi alamat e-mail', method: 'QRIS',
    openApp: 'Buka aplikasi web', appNeedsAccount: 'Aplikasi memerlukan akun', locale: 'id-ID', dates: 'id-ID', signIn: 'Masuk',
    reportProblem: 'Laporkan masalah pada isi ulang ini', lessWater: 'Air lebih sedikit dari yang ditagih', contact: 'E-mail atau nomor WhatsApp Anda', send: 'Kirim',
    received: 'Klaim Anda kami terima. Tim kami memeriksanya dalam satu hari dan menjawab Anda di +6281234567890.',
    signInToKeep: 'Saya punya akun: masuk', password: 'Kata sandi', paidAtStation: 'Dibayar di stasiun (struk disimpan)',
  },
} as const;
type Language = keyof typeof TEXTS;

/** Where to save screenshots when set (TOURIST_SHOTS=/tmp/shots). */
const SHOTS = process.env.TOURIST_SHOTS;
/** A journey of several pages on a 2-core machine shared with other work. */
const JOURNEY_TIMEOUT_MS = 120_000;

let browser: Browser;
let real: Provisioned;
let stopStation: () => void;

beforeAll(async () => {
  await workerServices();
  browser = await launchBrowser();
  ({ real, stop: stopStation } = await guestStation('Pantai Tourist Station', 1234));
});
afterAll(async () => {
  stopStation?.();
  await closeStations();
  await browser?.close();
});

async function phone(language: Language, device: typeof PHONE | typeof DESKTOP = PHONE): Promise<Page> {
  const context = await newContext(browser, {
    ...device, locale: TEXTS[language].locale, timezoneId: 'Europe/London',
    extraHTTPHeaders: { 'cloudfront-viewer-address': `192.0.2.${language === 'en' ? 60 : 61}:443` },
  });
  await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
  return context.newPage();
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Whether the floating test-mode note lies over the element where it is on screen now. */
async function overlapsTestModeNote(page: Page, element: ReturnType<Page['getByTestId']>) {
  const note = await page.getByRole('note').filter({ hasText: /^(Test mode|Mode uji):/ }).boundingBox();
  const box = await element.boundingBox();
  if (!note || !box) return false;
  return note.x < box.x + box.width && box.x < note.x + note.width && note.y < box.y + box.height && box.y < note.y + note.height;
}

/** Taps a link and counts it. */
async function tap(page: Page, taps: { count: number }, target: ReturnType<Page['getByRole']>) {
  await target.click();
  taps.count += 1;
}

describe.each(['en', 'id'] as const)('the tourist on a 390 px phone (%s)', (language) => {
  const t = TEXTS[language];
  const name = () => real.machine.name;

  it('reaches the station to pay at in two taps from the landing page, finding it by the code on its sticker', async () => {
    const page = await phone(language);
    const taps = { count: 0 };
    await page.goto(`${local().web}/`);
    await page.getByRole('link', { name: t.signIn, exact: true }).first().waitFor();
    await tap(page, taps, page.getByRole('link', { name: t.findStations, exact: true }).first());
    await page.waitForURL(/\/stations$/);
    await page.getByPlaceholder(t.search).fill(real.machine.id.toLowerCase());
    await page.getByTestId('station-count').getByText(/^1 /).waitFor();
    expect(await page.getByTestId('station-code').innerText()).toContain(real.machine.id);
    expect(await noSideways(page)).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/finder-code-${language}.png` });
    await tap(page, taps, page.getByRole('link', { name: t.startRefill(name()) }));
    await page.waitForURL(new RegExp(`/s/${real.machine.id}$`));
    await page.getByRole('heading', { name: t.pageTitle(name()) }).waitFor();
    await page.getByRole('button', { name: t.pay }).waitFor();
    expect(taps.count).toBe(2);
  }, JOURNEY_TIMEOUT_MS);

  it('reaches a station to pay at in two taps from the sign-in wall, and an app link leads on instead of bouncing', async () => {
    const page = await phone(language);
    const taps = { count: 0 };
    await page.goto(`${local().web}/signin`);
    await tap(page, taps, page.getByTestId('pay-without-account'));
    await page.waitForURL(/\/stations$/);
    const first = page.getByRole('link', { name: new RegExp(`^${t.startRefill('')}`) }).first();
    await tap(page, taps, first);
    await page.waitForURL(/\/s\/[A-Z]+-\d+$/);
    await page.getByRole('heading', { name: new RegExp(`^${t.pageTitle('')}`) }).waitFor();
    expect(taps.count).toBe(2);

    // "Open the web app" on the landing page: signed out, the landing page says why and leads on.
    await page.goto(`${local().web}/`);
    await page.getByRole('link', { name: t.openApp, exact: true }).first().click();
    const notice = page.getByTestId('app-needs-account');
    await notice.getByText(t.appNeedsAccount, { exact: false }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/app-needs-account-${language}.png` });
    await notice.getByRole('link', { name: t.findStation }).click();
    await page.waitForURL(/\/stations$/);
  }, JOURNEY_TIMEOUT_MS);

  it('pays at the sticker URL without an e-mail; the receipt has Bali\u2019s date and time, the method and the station code, and asks to keep the link', async () => {
    const page = await phone(language);
    await page.goto(`${local().web}/s/${real.machine.id}`);
    await page.getByRole('heading', { name: t.pageTitle(name()) }).waitFor();
    await page.getByRole('radio', { name: /^1[.,]5 L / }).check();
    await page.getByRole('radio', { name: /QRIS/ }).check();
    await page.getByRole('button', { name: t.pay }).click();
    const progress = page.getByTestId('guest-progress');
    await page.locator('[data-testid="guest-progress"][data-status="done"]').waitFor({ timeout: 30_000 });
    await progress.getByRole('link', { name: t.seeReceipt }).click();
    await page.waitForURL(/\/r\/GO-/);
    const receipt = page.getByTestId('guest-receipt');
    await receipt.waitFor();

    const receiptId = decodeURIComponent(new URL(page.url()).pathname.slice('/r/'.length));
    const [orderId, secret] = receiptId.split('~') as [string, string];
    const order = (await apiFetch(`/api/guest/orders/${orderId}?secret=${encodeURIComponent(secret)}`)).body as { closedAt: string };
    const inZone = (timeZone: string) => new Intl.DateTimeFormat(t.dates, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(order.closedAt));
    const shown = await receipt.getByTestId('receipt-date').innerText();
    expect(shown).toContain(inZone('Asia/Makassar'));
    expect(shown).toContain('WITA');
    expect(shown).not.toContain(inZone('Europe/London'));
    expect(await receipt.getByTestId('receipt-method').innerText()).toBe(t.method);
    expect(await receipt.getByTestId('receipt-station-code').innerText()).toBe(real.machine.id);
    await page.getByTestId('keep-link').getByText(t.keepLink, { exact: false }).waitFor();
    await page.getByTestId('receipt-save').waitFor();
    await page.getByTestId('receipt-share').waitFor();
    expect(await noSideways(page)).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-${language}.png`, fullPage: true });
    // Wherever the page is scrolled, the test-mode note never lies over the save and share buttons.
    for (const button of [page.getByTestId('receipt-save'), page.getByTestId('receipt-save-image'), page.getByTestId('receipt-share')]) {
      await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight));
      expect(await overlapsTestModeNote(page, button)).toBe(false);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-actions-at-bottom-${language}.png` });
    // Saved as an image: a PNG of the receipt's rows, named after the order.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-save-image').click()]);
    expect(download.suggestedFilename()).toBe(`bali-refill-receipt-${orderId}.png`);
    // The browser may run elsewhere: a local copy is read.
    const saved = join(SHOTS ?? tmpdir(), `receipt-image-${language}-${crypto.randomUUID().slice(0, 8)}.png`);
    await download.saveAs(saved);
    expect((await readFile(saved)).subarray(1, 4).toString()).toBe('PNG');

    // A claim asks where to answer, and the page acknowledges it.
    await page.getByRole('button', { name: t.reportProblem }).click();
    await page.getByRole('radio', { name: t.lessWater }).check();
    await page.getByLabel(t.contact).fill('+62 812-3456 7890');
    await page.getByRole('button', { name: t.send, exact: true }).click();
    await page.getByTestId('guest-claim-received').getByText(t.received).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-claimed-${language}.png`, fullPage: true });

    // Kept by an account signed in from the receipt: the refill is a row of the account's History.
    const account = await newAccount(`keeper-${language}`);
    await page.getByRole('link', { name: t.signInToKeep }).click();
    const form = page.locator('form');
    await form.getByLabel('E-mail').fill(account.email);
    await form.getByLabel(t.password, { exact: true }).fill(account.password);
    await form.locator('button[type=submit]').click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/r/${receiptId}`);
    await page.getByTestId('receipt-kept').waitFor();
    await page.goto(`${local().web}/app/history`);
    const row = page.getByTestId('transaction-row').filter({ hasText: t.paidAtStation });
    await row.waitFor();
    const text = await row.innerText();
    // Litres as History writes them in the page's language (two decimals).
    for (const part of [name(), formatLitres(1.234, language), 'QRIS', formatRupiah(1234)]) expect(text).toContain(part);
    expect(await page.getByTestId('transaction-row').count()).toBe(1);
    expect(await noSideways(page)).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/history-kept-${language}.png`, fullPage: true });
  }, JOURNEY_TIMEOUT_MS);
});

describe('the landing page and the menus do what they say', () => {
  it('lists the stations near the visitor who gave their position, each one tap from paying', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US', geolocation: { latitude: -8.5069, longitude: 115.2625 }, permissions: ['geolocation'] });
    const page = await context.newPage();
    await page.goto(`${local().web}/`);
    await page.getByTestId('nearest-first').waitFor();
    const list = page.getByRole('list', { name: 'Online stations' });
    // Ubud's stations first: the nearest of the seeded ones to the Ubud Art Market.
    await list.getByText('Ubud Art Market').waitFor();
    const first = list.getByRole('listitem').first();
    expect(await first.innerText()).toContain('Ubud');
    await first.getByRole('link', { name: /^Refill at / }).click();
    await page.waitForURL(/\/s\/HRL-\d+$/);
    await page.getByRole('heading', { name: /^Refill at / }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/landing-station-page.png` });
  });

  it('filters the finder by area and kind of place, signs in for the balance and opens the report form (desktop mega menu)', async () => {
    const page = await phone('en', DESKTOP);
    const menu = async (label: string) => {
      await page.goto(`${local().web}/`);
      // Hovered, as a visitor does (a click toggles, and the menu may have opened under the resting pointer).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stations', exact: true }).hover();
      await page.locator('#mega-menu[data-state="open"]').getByRole('link', { name: label, exact: true }).click();
    };
    await menu('Beach Stations');
    await page.waitForURL(/\/stations\?type=beach$/);
    // The finder's own list: the address changes before the finder replaces the landing page, whose benefits are cards too.
    const finder = page.getByRole('region', { name: 'Stations', exact: true });
    const cards = finder.locator('article h3');
    await cards.first().waitFor();
    const beaches = await cards.allInnerTexts();
    expect(beaches.length).toBeGreaterThan(3);
    for (const heading of beaches) expect(heading).toMatch(/Beach/);

    await menu('Canggu');
    await page.waitForURL(/\/stations\?area=Canggu$/);
    await cards.first().waitFor();
    for (const address of await finder.locator('article p:has(svg) span').allInnerTexts()) expect(address).toContain('Canggu');

    await menu('Check Balance');
    await page.waitForURL(/\/signin\?redirect=%2Fapp$/);

    await menu('Report Issue');
    await page.getByTestId('report-hint').waitFor();
    await page.getByPlaceholder('Search stations or locations...').fill(real.machine.id);
    await page.getByRole('form', { name: `Report a problem at ${real.machine.name}` }).waitFor();
  }, JOURNEY_TIMEOUT_MS);
});
