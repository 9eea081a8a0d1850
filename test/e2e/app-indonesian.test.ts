import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import { defaultSettings } from '@shared/schemas/settings';
import { asAdmin, repositories } from '../support/admin';
import { newAccount, signInInBrowser } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { local } from '../support/local';
import { settledTopup } from '../support/wallet';

/**
 * Issue 15, item 7: the signed-in app and the sign-in screens in Bahasa Indonesia on a 390 px phone whose browser
 * asks for Indonesian; Indonesian words are longer, so every screen is checked for horizontal overflow too.
 */
let browser: Browser;
let page: Page;
let account: Awaited<ReturnType<typeof newAccount>>;

const scrollWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);
const bodyText = async (p: Page) => (await p.locator('body').innerText()).replace(/\s+/g, ' ');

beforeAll(async () => {
  account = await newAccount('ketut');
  await settledTopup(account.token, 25_000);
  browser = await launchBrowser();
  page = await (await newContext(browser, { ...PHONE, locale: 'id-ID', timezoneId: 'Asia/Makassar' })).newPage();
});
afterAll(async () => browser?.close());

describe('a phone that asks for Indonesian', () => {
  it('shows the sign-up, reset and sign-in screens in Indonesian, fitting 390 px, with Cognito errors translated', async () => {
    await page.goto(local().web + '/signup');
    await page.getByRole('heading', { name: 'Buat akun Anda' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
    const signUp = page.getByRole('form', { name: 'Buat akun Anda' });
    for (const label of ['Nama depan', 'Nama belakang', 'E-mail']) await signUp.getByLabel(label, { exact: true }).waitFor();
    expect(await signUp.getByText('Minimal 10 karakter', { exact: false }).count()).toBe(1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await page.goto(local().web + '/forgot-password');
    await page.getByRole('heading', { name: 'Lupa kata sandi?' }).waitFor();
    await page.getByRole('button', { name: 'Kirim kode' }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await page.goto(local().web + '/signin');
    await page.getByRole('heading', { name: 'Selamat datang kembali' }).waitFor();
    const text = await bodyText(page);
    expect(text).toContain('Lupa kata sandi?');
    expect(text).toContain('Baru di Bali Refill?');
    expect(text).not.toContain('Welcome back');
    expect(text).not.toContain('Forgot password?');
    // The language switch sits in the header band and still fits.
    expect(await page.getByRole('group', { name: 'Bahasa' }).getByRole('button', { name: 'id', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    const form = page.getByRole('form', { name: 'Masuk' });
    await form.getByLabel('E-mail').fill(account.email);
    await form.getByLabel('Kata sandi', { exact: true }).fill('Wrong-Pass-2025!');
    await form.getByRole('button', { name: 'Masuk' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'E-mail atau kata sandi salah.' }).textContent()).toBe('E-mail atau kata sandi salah.');

    await form.getByLabel('Kata sandi', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Masuk' }).click();
    await page.waitForURL(local().web + '/app');
  });

  it('shows Home in Indonesian', async () => {
    await page.getByText('Saldo Saat Ini').waitFor();
    expect(await page.getByTestId('balance').textContent()).toBe(formatRupiah(25_000));
    const text = await bodyText(page);
    expect(text).toMatch(/Selamat (pagi|siang|malam)/);
    for (const words of ['Dampak Anda', 'Transaksi Terbaru', 'Mesin Terdekat', 'Bayar NFC', 'Cari Mesin', '250 poin']) expect(text).toContain(words);
    // The price per litre is each station's (docs/stations.md, "Price per litre"), on the nearby list, not a constant.
    expect(text).not.toContain('poin · Rp');
    await page.getByTestId('price-per-litre').getByText(/^Rp\s?[\d.]+\/L$/).first().waitFor();
    for (const english of ['Current Balance', 'Your Impact', 'Recent Transactions', 'Good morning', 'Good afternoon', 'Good evening']) expect(text).not.toContain(english);
    const tabs = page.getByRole('navigation', { name: 'Aplikasi' }).getByRole('link');
    expect(await tabs.allInnerTexts()).toEqual(['Beranda', 'Peta', 'Riwayat', 'Profil']);
    await page.getByRole('list', { name: 'Transaksi terbaru' }).getByText('Isi Saldo').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });

  it('shows the Top Up sheet in Indonesian, and its minimum in Indonesian', async () => {
    await page.getByRole('button', { name: 'Isi Saldo', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Isi Saldo' });
    await sheet.getByRole('group', { name: 'Jumlah' }).waitFor();
    await sheet.getByRole('radiogroup', { name: 'Metode pembayaran' }).waitFor();
    await sheet.getByRole('button', { name: `Isi Saldo ${formatRupiah(50_000)}` }).waitFor();
    const text = (await sheet.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Jumlah lain');
    expect(text).toContain(`Isi saldo mulai ${formatRupiah(10_000)}.`);
    expect(text).not.toContain('Top Up');
    expect(text).not.toContain('Payment method');
    expect(await sheet.getByRole('button', { name: 'Tutup' }).count()).toBe(1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    // The test-mode note moves out of the way of the sheet's button while the sheet is open.
    const note = await page.getByRole('note').filter({ hasText: 'Mode uji' }).boundingBox();
    const submit = await sheet.getByRole('button', { name: `Isi Saldo ${formatRupiah(50_000)}` }).boundingBox();
    expect(note!.y + note!.height <= submit!.y || note!.y >= submit!.y + submit!.height, JSON.stringify({ note, submit })).toBe(true);

    await sheet.getByLabel('Jumlah lain').fill('5000');
    await sheet.getByRole('button', { name: `Isi Saldo ${formatRupiah(5_000)}` }).click();
    const toast = page.getByRole('region', { name: 'Notifikasi (F8)' }).getByRole('alert');
    await toast.getByText('Jumlah Tidak Valid').waitFor();
    expect(await toast.innerText()).toContain(`Jumlah isi saldo minimal ${formatRupiah(10_000)}`);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  it('shows the NFC Pay dialog in Indonesian', async () => {
    await page.getByRole('button', { name: /Bayar NFC/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Bayar NFC' });
    await dialog.getByRole('img', { name: 'Kode QR pembayaran NFC' }).waitFor();
    await dialog.getByRole('button', { name: 'Perbarui NFC' }).waitFor();
    expect(await dialog.innerText()).toContain('Kedaluwarsa dalam');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows History and the map in Indonesian', async () => {
    await page.getByRole('navigation', { name: 'Aplikasi' }).getByRole('link', { name: 'Riwayat' }).click();
    await page.getByRole('heading', { name: 'Riwayat Transaksi' }).waitFor();
    const row = page.getByRole('list', { name: 'Transaksi' }).getByTestId('transaction-row').first();
    expect(await row.innerText()).toContain('Isi Saldo');
    expect(await row.innerText()).toContain(`+${formatRupiah(25_000)}`);
    expect(await bodyText(page)).not.toContain('Transaction History');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await page.getByRole('navigation', { name: 'Aplikasi' }).getByRole('link', { name: 'Peta' }).click();
    await page.getByRole('heading', { name: 'Cari Mesin' }).waitFor();
    await page.getByRole('group', { name: 'Peta mesin' }).waitFor();
    expect(await bodyText(page)).toContain('Mesin Terdekat');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });

  it('shows Profile in Indonesian, and its Language row switches the app to English', async () => {
    await page.getByRole('navigation', { name: 'Aplikasi' }).getByRole('link', { name: 'Profil' }).click();
    await page.getByText(`Anggota sejak ${new Date().getFullYear()}`).waitFor();
    const text = await bodyText(page);
    for (const words of ['CO₂ Dihemat', 'Botol Dihindari', 'Saldo Saat Ini', 'Pengaturan', 'Keluar']) expect(text).toContain(words);
    expect(text).not.toContain('Member since');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    const accountRows = page.getByRole('region', { name: 'Akun' });
    await accountRows.getByText('Bahasa', { exact: true }).waitFor();
    await accountRows.getByRole('group', { name: 'Bahasa' }).getByRole('button', { name: 'en', exact: true }).click();
    await page.getByText(`Member since ${new Date().getFullYear()}`).waitFor();
    const english = await bodyText(page);
    for (const words of ['CO₂ Saved', 'Bottles Avoided', 'Current Balance', 'Settings', 'Logout', 'Language']) expect(english).toContain(words);
    expect(english).not.toContain('Anggota sejak');
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('bali-refill.language')])).toEqual(['en', 'en']);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    // Remembered: the home screen, loaded afresh, is English although the browser asks for Indonesian.
    await page.goto(local().web + '/app');
    await page.getByText('Current Balance').waitFor();
    // The app's own render, not the home's prerendered frame (which has no tab bar).
    await page.getByRole('navigation', { name: 'App' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'App' }).getByRole('link').allInnerTexts()).toEqual(['Home', 'Map', 'History', 'Profile']);
  });
});

describe('the server in Indonesian', () => {
  it("below the admin's minimum to vend, the NFC Pay sheet says so in Indonesian with that minimum", async () => {
    // A person of their own: the pay code shown above holds its offline allowance out of this account's balance.
    const low = await newAccount('ketut-low');
    await settledTopup(low.token, 10_000);
    // Rp 2.050 left: enough for the built-in minimum (20 points, Rp 2.000), not for the admin's 21 points (Rp 2.100).
    await repositories().ledger.post(low.sub, 'adjustment', -7_950, `e2e-low:${low.sub}`, { reference: 'e2e', actor: 'admin:e2e', counter: 'goodwill' });
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US', timezoneId: 'Asia/Makassar' })).newPage();
    await signInInBrowser(page, low.email, low.password);
    await page.evaluate(() => localStorage.setItem('bali-refill.language', 'id'));
    await page.goto(local().web + '/app');
    // The frame's balance fills in when its own request answers (docs/architecture.md, "The app home's first paint").
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(formatRupiah(2_050));
    const saved = await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...defaultSettings(), minBalancePoints: 21 } });
    expect(saved.status).toBe(200);
    try {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/nfc/generate-token'));
      await page.getByRole('button', { name: /Bayar NFC/ }).click();
      expect((await answer).status()).toBe(409);
      const dialog = page.getByRole('dialog', { name: 'Bayar NFC' });
      await dialog.getByRole('heading', { name: 'Isi saldo untuk membayar dengan NFC' }).waitFor();
      const text = (await dialog.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(`Saldo tidak cukup: Anda perlu minimal ${formatRupiah(2_100)} untuk mengisi air.`);
      expect(text).not.toContain(formatRupiah(2_000));
      expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
      if (process.env.I18N_SHOTS) await page.screenshot({ path: `${process.env.I18N_SHOTS}/server-i18n-nfc-low-balance-id.png` });
    } finally {
      expect((await asAdmin('/api/admin/settings', { method: 'PUT', json: defaultSettings() })).status).toBe(200);
    }
  });
});
