import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAlerts } from '@functions/fleet/adapters/dynamodb/alerts';
import { defaultSettings } from '@shared/schemas/settings';
import type { SimStation } from '@infra/local/simulator';
import { asAdmin, createUser, ledgerEntries } from '../support/admin';
import { adminSignInInBrowser, seededAccount } from '../support/auth';
import { DESKTOP, launchBrowser, newContext } from '../support/browser';
import { apiFetch, local, testDb } from '../support/local';
import {
  closeStations,
  provision,
  stationFor,
  workerServices,
  type Provisioned,
} from '../integration/stations-support';

/** Where to save screenshots when set (I18N_SHOTS=/work/shots). */
const SHOTS = process.env.I18N_SHOTS;

let browser: Browser;
let page: Page;
let station: Provisioned;
/** Never connected: a heartbeat would resolve its low-water alert. */
let alerting: Provisioned;
let simulated: SimStation;

beforeAll(async () => {
  await workerServices();
  station = await provision('Stasiun Bahasa');
  alerting = await provision('Stasiun Peringatan');
  simulated = await stationFor(station);
  await simulated.connect();
  await simulated.heartbeat();
  const { db, tableName } = testDb();
  // An open alert, due for e-mail in an hour so that the stack's sweep leaves it alone meanwhile.
  expect(await new DynamoAlerts(db, tableName).open({
    stationId: alerting.machine.id, stationName: 'Stasiun Peringatan', rule: 'lowWater', status: 'open', detail: 'Water level 7% (below 15%)', facts: { kind: 'lowWater', value: 7, threshold: 15 },
    openedAt: new Date(Date.now() - 5 * 60_000).toISOString(), notifications: 0, nextNotifyAt: new Date(Date.now() + 3_600_000).toISOString(),
  })).toBe(true);
  // A public problem report opens the station's ticket.
  const report = await apiFetch('/api/reports', { method: 'POST', headers: { 'cloudfront-viewer-address': '192.0.2.91:443' }, json: { stationId: station.machine.id, category: 'broken', note: 'Keran menetes' } });
  expect(report.status, JSON.stringify(report.body)).toBe(201);
  browser = await launchBrowser();
  // A browser that asks for Indonesian: the console follows it without touching the switch.
  page = await (await newContext(browser, { ...DESKTOP, locale: 'id-ID' })).newPage();
  await adminSignInInBrowser(page);
});
afterAll(async () => {
  await asAdmin('/api/admin/settings', { method: 'PUT', json: defaultSettings() });
  await browser?.close();
  await closeStations();
});

/** Fails on any of the English texts (those the Indonesian replaced) in the part of the page. */
async function noEnglish(part: Locator, english: string[]) {
  const text = (await part.textContent()) ?? '';
  expect(english.filter((e) => text.includes(e))).toEqual([]);
}

describe('the admin console in Bahasa Indonesia, dialog by dialog', { timeout: 180_000 }, () => {
  it("edits a user: the dialog, the reason's field message and the saved balance", async () => {
    await page.getByRole('heading', { name: 'Dasbor Admin' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
    const userId = await createUser('e2e-bahasa', { topup: 10_000 });
    await page.getByRole('tab', { name: 'Pengguna' }).click();
    await page.getByLabel('Cari pengguna').fill(userId);
    const row = page.getByRole('table', { name: 'Pengguna' }).getByRole('row').filter({ hasText: userId });
    await expect.poll(() => row.textContent()).toContain('100 poin');
    await row.getByRole('button', { name: `Ubah ${userId}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah Pengguna' });
    await dialog.getByText('Sesuaikan saldo').waitFor();
    await dialog.getByLabel('Jumlah (Rp)').fill('5000');
    await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await dialog.getByText('Alasan wajib diisi untuk mengubah saldo').waitFor();
    if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/i18ngaps-edit-user.png` });
    await noEnglish(dialog, ['Edit User', 'Adjust balance', 'Save Changes', 'Cancel', 'A reason is required', 'becomes', 'Amount (Rp)']);
    await dialog.getByLabel('Alasan').fill('Kredit itikad baik');
    await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Pengguna diperbarui').first().waitFor();
    expect((await ledgerEntries(userId)).filter((e) => e.type === 'adjustment')).toEqual([expect.objectContaining({ amount: 5_000, reference: 'Kredit itikad baik' })]);
  });

  it("checks and saves the System settings with the schema's messages in Indonesian", async () => {
    await page.getByRole('tab', { name: 'Sistem' }).click();
    const form = page.getByRole('form', { name: 'Konfigurasi sistem' });
    const minimum = form.getByLabel('Isi saldo minimum (IDR)');
    await expect.poll(() => minimum.inputValue()).toBe(String(defaultSettings().minTopup));
    // The form checks with the request's schema in the page's language: the texts of shared/schemas/field-messages.ts.
    await minimum.fill('0');
    await form.getByLabel('Peringatan: e-mail ke (alamat)').fill('ops@example.com, bukan-alamat');
    await form.getByRole('button', { name: 'Simpan Konfigurasi' }).click();
    await form.getByText('Harus lebih dari 0').waitFor();
    await form.getByText('Bukan alamat e-mail: bukan-alamat (pisahkan alamat dengan koma)').waitFor();
    if (SHOTS) await form.screenshot({ path: `${SHOTS}/i18ngaps-system.png` });
    await noEnglish(form, ['Must be more than 0', 'Not an e-mail address', 'Save Configuration', 'Reset to Defaults']);
    expect((await asAdmin('/api/admin/settings')).body.minTopup).toBe(defaultSettings().minTopup);

    // Typed as the console writes amounts ('15.000'): read as rupiah, not as 15 with decimals.
    await minimum.fill('15.000');
    await form.getByLabel('Peringatan: e-mail ke (alamat)').fill('');
    await form.getByRole('button', { name: 'Simpan Konfigurasi' }).click();
    await page.getByText('Konfigurasi disimpan').first().waitFor();
    expect((await asAdmin('/api/admin/settings')).body.minTopup).toBe(15_000);
  });

  it('acknowledges an alert', async () => {
    await page.getByRole('link', { name: /^Peringatan: \d+ terbuka$/ }).click();
    await page.waitForURL('**/admin/alerts');
    await page.getByRole('heading', { name: 'Peringatan' }).waitFor();
    await page.getByLabel('ID stasiun').fill(alerting.machine.id);
    await page.getByLabel('ID stasiun').press('Enter');
    const row = page.getByRole('list', { name: 'Peringatan' }).getByRole('listitem');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('Belum dikirim lewat e-mail').waitFor();
    // The detail composed from the alert's stored facts in the page's language.
    await row.getByText('Tingkat air 7% (di bawah 15%)').waitFor();
    await row.getByRole('button', { name: 'Tandai ditangani' }).click();
    await row.getByText(/^Ditangani$/).waitFor();
    await row.getByText(/Ditangani oleh admin:/).waitFor();
    await noEnglish(page.getByRole('main'), ['Acknowledge', 'Not e-mailed yet', 'Water level low', 'Water level 7%', 'Opened', 'Station page']);
  });

  it("assigns, comments on and closes the station's ticket, the missing assignee refused in Indonesian", async () => {
    await page.goto(`${local().web}/admin/tickets?station=${station.machine.id}`);
    const row = page.getByRole('list', { name: 'Tiket' }).getByRole('listitem');
    await expect.poll(() => row.count()).toBe(1);
    // The report's category by the report form's label (the source stores the key: 'broken: Keran menetes').
    await row.getByText('Mesin rusak: Keran menetes').waitFor();
    // Its title by its cause: the stored one is English ('Problem reported').
    await row.getByRole('link', { name: 'Masalah dilaporkan' }).click();
    await page.getByRole('heading', { name: 'Masalah dilaporkan' }).waitFor();
    await page.getByText('Mesin rusak: Keran menetes').waitFor();
    await page.getByRole('button', { name: 'Tugaskan', exact: true }).click();
    // The server's 400: TicketAssignInput's field message, answered in the request's language.
    await page.getByText('Pilih teknisi atau admin').waitFor();
    await page.getByLabel('Teknisi atau admin').selectOption(seededAccount('technician').username);
    await page.getByRole('button', { name: 'Tugaskan', exact: true }).click();
    await page.getByText(`Ditugaskan kepada ${seededAccount('technician').username}`).waitFor();
    await page.getByRole('textbox', { name: 'Komentar', exact: true }).fill('Membawa ring karet');
    await page.getByRole('button', { name: 'Tambah komentar' }).click();
    await page.getByRole('list', { name: 'Komentar' }).getByText('Membawa ring karet').waitFor();
    await page.getByLabel('Apa yang dikerjakan (penyelesaian)').fill('Ring karet diganti');
    await page.getByRole('button', { name: 'Tutup tiket' }).click();
    await page.getByText(/^Ditutup .* oleh /).waitFor();
    await noEnglish(page.getByRole('main'), ['broken:', 'Problem reported', 'Assign to me', 'Choose a technician or admin', 'Add comment', 'History', 'Closed', 'Commented']);
  });

  it('sends a command: the price refused in Indonesian, then each station succeeds', async () => {
    await page.goto(local().web + '/admin/commands');
    await page.getByRole('heading', { name: 'Perintah jarak jauh' }).waitFor();
    await page.getByLabel('Perintah', { exact: true }).selectOption('setPrice');
    await page.getByLabel('Harga per liter (Rp)').fill('0');
    await page.getByLabel('ID stasiun').fill(station.machine.id);
    await page.getByRole('button', { name: 'Kirim perintah' }).click();
    await page.getByText('Harus lebih dari 0').waitFor();
    await noEnglish(page.getByRole('main'), ['Must be more than 0', 'Send command', 'Price per litre']);
    await page.getByLabel('Harga per liter (Rp)').fill('2500');
    await page.getByRole('button', { name: 'Kirim perintah' }).click();
    await page.waitForURL('**/admin/commands/*');
    await page.getByRole('heading', { name: /^Atur harga per liter: Rp\s?2[.,]500$/ }).waitFor();
    const rows = page.getByRole('table', { name: 'Stasiun' }).locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: 'Berhasil' }).count(), { timeout: 20_000 }).toBe(1);
    await page.getByTestId('command-counts').getByText('1 berhasil · 0 gagal · 0 dibatalkan').waitFor();
    await noEnglish(page.getByRole('table', { name: 'Stasiun' }), ['Succeeded', 'Station', 'Progress', 'Detail']);
    await noEnglish(page.getByTestId('command-counts'), ['succeeded', 'failed', 'canceled']);
    // The history's actions are the page's; their notes the server composes in the request's language.
    const history = page.getByRole('list', { name: 'Riwayat' });
    await history.getByText('Dikirim', { exact: true }).waitFor();
    await history.getByText(/atur harga menjadi Rp\s?2[.,]500 per liter ke 1 stasiun/).waitFor();
    await history.getByText('tahap 1 dari 1: 1 stasiun').waitFor();
    await history.getByText('1 berhasil, 0 gagal').waitFor({ timeout: 20_000 });
    await noEnglish(history, ['set price', 'per litre', 'to 1 station', 'step 1 of', 'succeeded']);
    expect(simulated.commands.pricePerLitre).toBe(2500);
  });
});
