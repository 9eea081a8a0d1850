import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '@shared/zod';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { formatInteger, formatLitres, formatRupiah } from '@frontend/features/admin/format';
import { AdminStats } from '@shared/routes/system';
import { defaultSettings } from '@shared/schemas/settings';
import { Machine } from '@shared/schemas/machine';
import { asAdmin, createUser, ledgerEntries, repositories } from '../support/admin';
import {
  adminSignInInBrowser,
  answerConsoleCode,
  bearer,
  currentCode,
  newAccount,
  seededAccount,
  signInAs,
} from '../support/auth';
import { DESKTOP, PHONE, downloadedText, launchBrowser, newContext } from '../support/browser';
import { LOCAL_COGNITO_PATH } from '@infra/local/web';
import { apiFetch, local, testDb } from '../support/local';
import { issueNfcToken } from '@functions/vending/domain/nfc-token';
import { closeStations, provision, stationFor, waitFor, workerServices } from '../integration/stations-support';

/** Where to save the Indonesian phone screenshots when set (ADMIN_I18N_SHOTS=/work/shots). */
const SHOTS = process.env.ADMIN_I18N_SHOTS;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser, { ...DESKTOP, viewport: { width: 1440, height: 900 }, locale: 'en-US', acceptDownloads: true })).newPage();
});
afterAll(async () => {
  // Leave the shared settings as the other tests expect them, whatever happened here.
  await asAdmin('/api/admin/settings', { method: 'PUT', json: defaultSettings() });
  await browser?.close();
});

const card = (label: string) => page.getByRole('region', { name: label });

async function signInAsAdmin() {
  const admin = await signInAs('admin');
  await page.goto(local().web + '/admin');
  await page.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('redirect') === '/admin');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await answerConsoleCode(page);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('table', { name: 'Machines' }).waitFor();
}

describe('admin console in Chromium', { timeout: 180_000 }, () => {
  it('keeps non-admins out: /admin goes to the login, wrong passwords and users read their messages', async () => {
    await page.goto(local().web + '/admin');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.getByRole('heading', { name: 'Admin login' }).waitFor();
    const user = await signInAs('user');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1!');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid credentials');

    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Administrator access required');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await page.getByRole('link', { name: 'Back to main site' }).getAttribute('href')).toBe('/');

    // Cognito out of reach (the browser reaches cognito-local on the site's origin): the network failure text.
    const cognito = `${local().web}${LOCAL_COGNITO_PATH}**`;
    await page.route(cognito, (route) => route.abort('connectionrefused'));
    try {
      await page.getByRole('button', { name: 'Login' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Login failed. Please try again.');
    } finally {
      await page.unroute(cognito);
    }
  });

  it('signs the admin in and shows the four cards with the numbers of the data', async () => {
    await signInAsAdmin();
    // On a fresh load the session check is shown while it runs.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/admin/auth/check', async (route) => (await held, route.continue()));
    await page.reload();
    await page.getByText('Checking authentication').waitFor();
    release();
    await page.getByRole('table', { name: 'Machines' }).waitFor();
    await page.unroute('**/api/admin/auth/check');
    const stats = AdminStats.parse((await asAdmin('/api/admin/stats')).body);
    // Every station, those kept off the public lists too (another test file may hide one meanwhile).
    const machines = z.array(Machine).parse((await asAdmin('/api/admin/machines')).body);
    expect(stats.totalMachines).toBe(machines.length);
    expect(stats.onlineMachines).toBe(machines.filter((m) => m.status === 'online').length);
    await expect.poll(() => card('Total Machines').textContent()).toContain(formatInteger(machines.length));
    expect(await card('Total Machines').textContent()).toContain(`${formatInteger(stats.onlineMachines)} online`);
    expect(await card('Total Machines').textContent()).toContain(`${formatInteger(stats.offlineMachines)} offline`);
    expect(await card('Active Users').getByTestId('stat-value').textContent()).toBe(formatInteger(stats.activeUsers));
    expect(await card('Total Revenue').getByTestId('stat-value').textContent()).toBe(formatRupiah(stats.totalRevenue));
    expect(await card('Total Revenue').textContent()).toContain(`${formatInteger(stats.transactionCount)} transaction`);
    expect(await card('Water Dispensed').getByTestId('stat-value').textContent()).toBe(formatLitres(stats.waterDispensedLitres));
    // The seed: two accounts and the seeded user's 1.5 L refill at least.
    expect(stats.activeUsers).toBeGreaterThanOrEqual(2);
    expect(stats.totalRevenue).toBeGreaterThanOrEqual(1_500);
  });

  it('filters machines by status and search, and flags low water', async () => {
    const machines = z.array(Machine).parse((await apiFetch('/api/machines')).body);
    const table = page.getByRole('table', { name: 'Machines' });
    for (const status of ['offline', 'maintenance', 'online'] as const) {
      await page.getByLabel('Filter by status').selectOption(status);
      const expected = machines.filter((m) => m.status === status).length;
      await expect.poll(() => table.locator('tbody tr').count()).toBe(expected);
      const badges = await table.locator('tbody [data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
      expect(new Set(badges)).toEqual(new Set([status]));
    }
    await page.getByLabel('Filter by status').selectOption('all');
    await page.getByLabel('Search machines').fill('SANUR');
    const sanur = machines.filter((m) => /sanur/i.test(m.name) || /sanur/i.test(m.location)).length;
    await expect.poll(() => table.locator('tbody tr').count()).toBe(sanur);
    await page.getByLabel('Search machines').fill('');
    const low = machines.filter((m) => m.waterLevel !== null && m.waterLevel < 20);
    expect(low.length).toBeGreaterThan(1);
    const alert = page.getByRole('alert').filter({ hasText: 'below 20% water' });
    expect(await alert.textContent()).toContain(`${low.length} stations are below 20% water`);
    for (const m of low.slice(0, 6)) expect(await alert.textContent()).toContain(m.name);
  });

  it('speaks Bahasa Indonesia from the switch: frame, cards, machines and System tab', async () => {
    await page.getByRole('button', { name: 'id', exact: true }).click();
    await page.getByRole('heading', { name: 'Dasbor Admin' }).waitFor();
    await page.getByRole('tab', { name: 'Mesin', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Permintaan Host' }).waitFor();
    await card('Total Mesin').waitFor();
    expect(await card('Total Pendapatan').textContent()).toContain('transaksi');
    expect(await card('Air Tersalurkan').textContent()).toContain('Terukur di stasiun');
    const table = page.getByRole('table', { name: 'Mesin' });
    expect(await table.locator('thead').textContent()).toContain('Terakhir terlihat');
    expect(await page.getByLabel('Saring menurut status').locator('option').allTextContents()).toContain('Pemeliharaan');
    expect(await page.getByRole('alert').filter({ hasText: 'stasiun airnya di bawah 20%' }).count()).toBe(1);
    await page.getByText(/^Menampilkan \d+ dari \d+ mesin$/).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Admin Dashboard');
    expect(await page.locator('body').textContent()).not.toContain('below 20% water');
    await page.getByRole('button', { name: 'Tambah Mesin' }).click();
    const add = page.getByRole('dialog', { name: 'Tambah Mesin' });
    await add.getByLabel('Alamat Lokasi').waitFor();
    await add.getByRole('button', { name: 'Batal' }).click();
    await add.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Pengguna' }).click();
    expect(await page.getByRole('table', { name: 'Pengguna' }).locator('thead').textContent()).toContain('Anggota sejak');
    await page.getByText('Akun terbaru lebih dulu').waitFor();
    await page.getByRole('button', { name: /^Ubah / }).first().click();
    const edit = page.getByRole('dialog', { name: 'Ubah Pengguna' });
    await edit.getByText('Sesuaikan saldo').waitFor();
    await edit.getByRole('button', { name: 'Batal' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Transaksi' }).click();
    expect(await page.getByRole('table', { name: 'Transaksi' }).locator('thead').textContent()).toContain('Metode');
    expect(await page.getByLabel('Jenis transaksi').locator('option').allTextContents()).toContain('Isi saldo');
    await page.getByRole('tab', { name: 'Permintaan Host' }).click();
    await page.getByRole('tabpanel').getByText(/Belum ada permintaan host|terbaru lebih dulu/).first().waitFor();
    expect(await page.getByRole('tabpanel').textContent()).not.toMatch(/No host requests yet|newest first/);

    await page.getByRole('tab', { name: 'Sistem' }).click();
    const form = page.getByRole('form', { name: 'Konfigurasi sistem' });
    await form.getByLabel('Isi saldo minimum (IDR)').waitFor();
    await form.getByLabel('Peringatan: stasiun offline, e-mail ulang setiap (menit)').waitFor();
    await form.getByLabel('Tunggu pengembalian dana tamu (jam)').waitFor();
    await form.getByRole('button', { name: 'Simpan Konfigurasi' }).waitFor();
    await page.getByRole('heading', { name: 'Dokumentasi API' }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Save Configuration');

    await page.getByRole('tab', { name: 'Mesin' }).click();
    await page.getByRole('button', { name: 'en', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    // The tabs visited here keep their lists cached: the next tests start from a fresh load, as before.
    await page.reload();
    await page.getByRole('table', { name: 'Machines' }).waitFor();
  });

  it('fits a 390 px phone in Bahasa Indonesia, Machines and System tabs', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    try {
      const phone = await context.newPage();
      await adminSignInInBrowser(phone);
      await phone.getByRole('button', { name: 'id', exact: true }).click();
      await phone.getByRole('list', { name: 'Mesin' }).waitFor();
      await phone.getByRole('heading', { name: 'Dasbor Admin' }).waitFor();
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/admin-i18n-machines.png`, fullPage: true });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.getByRole('tab', { name: 'Sistem' }).click();
      await phone.getByRole('form', { name: 'Konfigurasi sistem' }).waitFor();
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/admin-i18n-system.png`, fullPage: true });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });

  it('shows the login screen and its errors in Bahasa Indonesia to a browser that asks for it', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'id-ID' });
    try {
      const phone = await context.newPage();
      await phone.goto(local().web + '/admin/login');
      await phone.getByRole('heading', { name: 'Masuk admin' }).waitFor();
      await phone.getByLabel('Username').fill(seededAccount('admin').username);
      await phone.getByLabel('Kata sandi', { exact: true }).fill('Not-The-Password-1!');
      await phone.getByRole('button', { name: 'Masuk' }).click();
      await expect.poll(() => phone.getByRole('alert').textContent()).toContain('Username atau kata sandi salah');
      expect(await phone.locator('body').textContent()).not.toContain('Invalid credentials');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });

  it('adds machine HRL-00999 with an address from the autocomplete and downloads its bundle once', async () => {
    await page.getByRole('button', { name: 'Add Machine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Machine' });
    await dialog.getByLabel('Machine ID').fill('hrl-00999');
    await dialog.getByLabel('Station Name').fill('Sindhu Beach North');
    await dialog.getByRole('combobox', { name: 'Location Address' }).fill('sindhu be');
    const option = dialog.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option').filter({ hasText: 'Sindhu Beach' });
    expect(await option.textContent()).toContain('-8.6810, 115.2640');
    await option.click();
    expect(await dialog.getByLabel('Latitude').inputValue()).toBe('-8.6810');
    expect(await dialog.getByLabel('Longitude').inputValue()).toBe('115.2640');
    expect(await dialog.getByLabel('Status').inputValue()).toBe('online');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Create Machine' }).click()]);
    await dialog.getByText('Machine created successfully!').waitFor();
    expect(download.suggestedFilename()).toBe('HRL-00999-certificate-bundle.json');
    const bundle = JSON.parse(await downloadedText(download));
    expect(bundle).toMatchObject({ stationId: 'HRL-00999', certificatePem: expect.stringContaining('BEGIN CERTIFICATE'), privateKeyPem: expect.stringContaining('PRIVATE KEY') });

    // Closes 2 seconds after the message.
    await dialog.waitFor({ state: 'hidden', timeout: 4000 });
    await page.getByRole('table', { name: 'Machines' }).getByText('Sindhu Beach North').waitFor();
    const { db, tableName } = testDb();
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.machine('HRL-00999') }));
    expect(Item).toMatchObject({ name: 'Sindhu Beach North', latitude: '-8.6810', longitude: '115.2640', status: 'online' });
    expect(Item!.location).toMatch(/^Sindhu Beach, Jl\. Pantai Sindhu, Sanur/);
    expect(JSON.stringify(Item)).not.toContain('PRIVATE KEY');
  });

  it('exports the rows of the current tab as CSV', async () => {
    const machines = z.array(Machine).parse((await apiFetch('/api/machines')).body);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^bali-refill-machines-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await downloadedText(download)).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Machine ID,Name,Location,Status,Water level (%),Latitude,Longitude,Last heartbeat,Created');
    expect(lines).toHaveLength(machines.length + 1);
    expect(lines.some((l) => l.startsWith('HRL-00999,Sindhu Beach North,'))).toBe(true);
  });

  it("adjusts a user's balance by rupiah with a reason and shows the adjustment in Transactions", async () => {
    const admin = await signInAs('admin');
    const userId = await createUser('e2e-balance', { topup: 10_000 });
    const reason = `Refund for failed refill ${userId.slice(-8)}`;
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill(userId);
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: userId });
    await expect.poll(() => row.textContent()).toContain('100 pts');
    await row.getByRole('button', { name: `Edit ${userId}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    expect(await dialog.getByText(userId).count()).toBeGreaterThan(0);
    expect(await dialog.getByTestId('admin-balance').textContent()).toBe(formatRupiah(10_000));
    // Rupiah, not points: Rp 50 is not lost to rounding.
    await dialog.getByLabel('Amount (Rp)').fill('5.050');
    await dialog.getByText(`${formatRupiah(10_000)} becomes`).waitFor();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('A reason is required to change the balance').waitFor();
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain(formatRupiah(15_050));

    const adjustments = (await ledgerEntries(userId)).filter((e) => e.type === 'adjustment');
    expect(adjustments).toEqual([expect.objectContaining({ amount: 5_050, balanceAfter: 15_050, actor: `admin:${admin.username}`, reference: reason })]);

    await row.getByRole('button', { name: userId, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'transactions' && url.searchParams.get('user') === userId);
    const tx = page.getByRole('table', { name: 'Transactions' });
    const adjustment = tx.getByRole('row').filter({ hasText: 'Adjustment' });
    await expect.poll(() => adjustment.textContent()).toContain(reason);
    expect(await adjustment.textContent()).toContain(`+${formatRupiah(5_050)}`);
    expect(await adjustment.textContent()).toContain(`by ${admin.username}`);
    await page.getByLabel('Transaction type').selectOption('topup');
    await expect.poll(() => tx.getByRole('row').filter({ hasText: 'Adjustment' }).count()).toBe(0);
    expect(await tx.getByRole('row').filter({ hasText: 'Top-up' }).count()).toBe(1);
  });

  it('keeps a top-up that lands while the admin edits: the save says the balance changed, and the reloaded balance is adjusted', async () => {
    const userId = await createUser('e2e-race', { topup: 10_000 });
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill(userId);
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: userId });
    await expect.poll(() => row.textContent()).toContain(formatRupiah(10_000));
    await row.getByRole('button', { name: `Edit ${userId}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByRole('radio', { name: 'Take away' }).click();
    await dialog.getByLabel('Amount (Rp)').fill('2000');
    await dialog.getByLabel('Reason').fill('Correction of a payment error');
    // A top-up lands while the dialog is open.
    await repositories().ledger.post(userId, 'topup', 20_000, `e2e-race:${userId}`, { reference: 'order-race', actor: 'gateway', paymentMethod: 'qris' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('The balance changed since you opened this user').waitFor();
    await dialog.screenshot({ path: 'test-results/admin-edit-user-balance-changed.png' });
    expect((await repositories().users.get(userId))!.balance).toBe(30_000);
    await dialog.getByRole('button', { name: 'Reload balance' }).click();
    await expect.poll(() => dialog.getByTestId('admin-balance').textContent()).toBe(formatRupiah(30_000));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await ledgerEntries(userId)).map((e) => [e.type, e.amount]).sort()).toEqual([['adjustment', -2_000], ['topup', 10_000], ['topup', 20_000]]);
    expect((await repositories().users.get(userId))!.balance).toBe(28_000);
  });

  it('shows an open vend incident above the transactions and resolves it with the volume dispensed', async () => {
    const machine = await provision('Incident test station');
    const station = await stationFor(machine);
    await station.connect();
    await station.heartbeat();
    const userId = await createUser('e2e-incident', { topup: 10_000 });
    await waitFor(() => apiFetch(`/api/machines/${machine.machine.id}`), (r) => r.body.status === 'online');
    const services = await workerServices();
    const { token } = await issueNfcToken({ sub: userId, username: userId, email: null, givenName: null, familyName: null }, services);
    const answer = await station.requestVend(token);
    if (answer.kind !== 'authorized') throw new Error('not authorized');
    const { sessionId } = answer.message;
    await station.publishCompletion({ sessionId, dispensedMl: '400 ml' });
    await waitFor(() => services.vendSessions.incident(sessionId), (i) => i?.status === 'open');
    expect((await repositories().users.get(userId))!.balance).toBe(8_500);

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const panel = page.getByRole('list', { name: 'Open vend incidents' });
    const row = panel.getByRole('listitem').filter({ hasText: machine.machine.id });
    await row.waitFor();
    // Why, in words rather than the station's JSON (which stays folded away for whoever needs it).
    expect(await row.textContent()).toContain('The station reported a volume that is not a number');
    expect(await row.getByText('"400 ml"', { exact: false }).isVisible()).toBe(false);
    await page.getByRole('region', { name: /open vend incident/ }).screenshot({ path: 'test-results/admin-vend-incidents.png' });
    await row.getByRole('button', { name: `Resolve the incident of session ${sessionId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve vend incident' });
    await dialog.getByLabel('Millilitres dispensed').fill('2000');
    await dialog.getByLabel('How you know').fill('Station counters: 400 ml more than before');
    await dialog.getByRole('button', { name: 'Charge and close' }).click();
    await dialog.getByText('At most the authorized 1,500 ml').waitFor();
    await dialog.getByLabel('Millilitres dispensed').fill('400');
    await dialog.getByRole('button', { name: 'Charge and close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('400 ml charged.').waitFor();
    expect(await services.vendSessions.incident(sessionId)).toMatchObject({ status: 'resolved', resolution: { dispensedMl: 400, charged: 400 } });
    expect((await repositories().users.get(userId))!.balance).toBe(9_600);
    await expect.poll(() => panel.getByRole('listitem').filter({ hasText: machine.machine.id }).count()).toBe(0);
    await closeStations();
  });

  it("changes a host request's status from the dropdown", async () => {
    const name = `Canggu Surf Hostel ${crypto.randomUUID().slice(0, 6)}`;
    const created = await apiFetch('/api/host-requests', {
      method: 'POST',
      json: { businessName: name, contactName: 'Komang', email: 'komang@example.com', phone: '+62 811 3333 444', address: 'Jl. Raya Canggu 9', businessType: 'hotel', expectedFootfall: '100-300' },
    });
    await page.getByRole('tab', { name: 'Host Requests' }).click();
    const select = page.getByLabel(`Status of ${name}`);
    await select.waitFor();
    expect(await select.inputValue()).toBe('pending');
    await select.selectOption('approved');
    await page.getByText(`${name} is now approved.`).waitFor();
    const stored = (await asAdmin('/api/admin/host-requests')).body.items.find((r: { id: string }) => r.id === created.body.id);
    expect(stored).toMatchObject({ status: 'approved', comments: '' });
  });

  it('edits a host request in its dialog, then deletes it after the confirmation', async () => {
    const name = `Ubud Yoga Barn ${crypto.randomUUID().slice(0, 6)}`;
    const created = await apiFetch('/api/host-requests', {
      method: 'POST',
      json: { businessName: name, contactName: 'Ketut', email: 'ketut@example.com', phone: '+62 811 4444 555', address: 'Jl. Hanoman 1, Ubud', businessType: 'other', expectedFootfall: '50-100' },
    });
    const stored = async () => (await asAdmin('/api/admin/host-requests')).body.items.find((r: { id: string }) => r.id === created.body.id);
    // Loaded again, so that the list holds the request just sent.
    await page.goto(local().web + '/admin?tab=host-requests');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Address').fill('Jl. Hanoman 2, Ubud');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Host request updated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await stored()).toMatchObject({ businessName: name, address: 'Jl. Hanoman 2, Ubud' });

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete host request?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Host request deleted').waitFor();
    await page.getByRole('button', { name: `Delete ${name}` }).waitFor({ state: 'detached' });
    expect(await stored()).toBeUndefined();
  });

  it('saves a new top-up minimum that the top-up route enforces, and resets to defaults', async () => {
    const account = await newAccount('minimum');
    const topup = (amount: number) => apiFetch('/api/wallet/topup', {
      method: 'POST', json: { amount, paymentMethod: 'gopay' }, headers: { ...bearer(account.token), 'idempotency-key': crypto.randomUUID() },
    });
    await page.getByRole('tab', { name: 'System' }).click();
    const form = page.getByRole('form', { name: 'System configuration' });
    const field = form.getByLabel('Top-up minimum (IDR)');
    await expect.poll(() => field.inputValue()).toBe(String(defaultSettings().minTopup));
    // How long an expired guest refill waits for its station before it is refunded in full: 1 to 720 hours.
    const guestRefundWait = form.getByLabel('Guest refund wait (hours)');
    await expect.poll(() => guestRefundWait.inputValue()).toBe('24');
    await field.fill('0');
    await guestRefundWait.fill('0');
    await form.getByRole('button', { name: 'Save Configuration' }).click();
    await form.getByText('Must be more than 0').waitFor();
    await form.getByText('Must be between 1 and 720').waitFor();
    expect((await asAdmin('/api/admin/settings')).body.minTopup).toBe(defaultSettings().minTopup);
    expect(await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...defaultSettings(), guestRefundGraceHours: 721 } })).toMatchObject({
      status: 400, body: { fields: { guestRefundGraceHours: 'Must be between 1 and 720' } },
    });
    await guestRefundWait.fill('24');
    await field.fill('30000');
    await form.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Configuration saved').waitFor();
    await page.getByRole('list', { name: 'Settings history' }).getByText('Top-up minimum').first().waitFor();
    expect((await asAdmin('/api/admin/settings')).body.minTopup).toBe(30_000);

    const below = await topup(20_000);
    expect([400, 422]).toContain(below.status);
    expect(below.body.message).toMatch(/30[.,]000/);
    expect((await topup(30_000)).status).toBe(202);

    await form.getByRole('button', { name: 'Reset to Defaults' }).click();
    await page.getByText('Defaults restored').waitFor();
    await expect.poll(() => field.inputValue()).toBe(String(defaultSettings().minTopup));
    expect((await asAdmin('/api/admin/settings')).body).toEqual(defaultSettings());
    expect((await topup(20_000)).status).toBe(202);
    expect(await form.evaluate(() => document.querySelector('a[href="/api-docs"]')?.getAttribute('target'))).toBe('_blank');
  });

  it('logs out to the login screen, after which /admin asks for a login again and returns to the page asked for', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.goto(local().web + '/admin?tab=users');
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('redirect') === '/admin?tab=users');
    const admin = await signInAs('admin');
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await answerConsoleCode(page);
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('tab') === 'users');
    await page.getByRole('tab', { name: 'Users', selected: true }).waitFor();
    // Signed in, the login screen goes straight on; a return path off the console is not followed.
    await page.goto(local().web + '/admin/login?redirect=%2F%2Fevil.example');
    await page.waitForURL((url) => url.pathname === '/admin' && url.search === '');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
  });

  it('the simple pages use the same session: login redirects after a second, the dashboard shows the role', async () => {
    const admin = await signInAs('admin');
    await page.goto(local().web + '/admin/dashboard-simple');
    await page.waitForURL('**/admin/simple');
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill('wrong-password-1A!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login failed: Invalid credentials').waitFor();
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Code', { exact: true }).fill(currentCode());
    const started = Date.now();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Login successful! Redirecting...').waitFor();
    await page.waitForURL('**/admin/dashboard-simple');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await page.getByLabel('Role').textContent()).toBe('ADMIN');
    await page.getByRole('form', { name: 'Add machine' }).waitFor();
    // The same session opens the full dashboard.
    await page.goto(local().web + '/admin');
    await page.getByRole('table', { name: 'Machines' }).waitFor();
  });
});
