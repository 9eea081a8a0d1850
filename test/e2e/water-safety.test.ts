import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin } from '../support/admin';
import { adminSignInInBrowser } from '../support/auth';
import { axeViolations } from '../support/axe';
import { DESKTOP, PHONE, launchBrowser, newContext } from '../support/browser';
import { smallPdf, tinyPng } from '../support/files';
import { local } from '../support/local';
import { provision, workerServices, type Provisioned } from '../integration/stations-support';

/** Water safety in Chromium: the public "water checked" badge and closed station, the admin's safety card. */
let browser: Browser;
let checked: Provisioned;
let closed: Provisioned;
const record = async (id: string, json: unknown) => {
  const { status, body } = await asAdmin(`/api/admin/machines/${id}/safety`, { method: 'POST', json });
  expect(status, JSON.stringify(body)).toBe(201);
};

beforeAll(async () => {
  await workerServices();
  [checked, closed] = await Promise.all([provision('Checked Water Station'), provision('Closed Water Station')]);
  await record(checked.machine.id, { kind: 'sanitation', date: '2026-11-20', note: 'Tank and lines' });
  await record(checked.machine.id, { kind: 'labTest', date: '2026-11-22', result: 'pass', note: 'Lab Denpasar, report 118' });
  await record(closed.machine.id, { kind: 'labTest', date: '2026-11-21', result: 'fail', note: 'Coliforms found' });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('water safety in Chromium', { timeout: 180_000 }, () => {
  it('shows the water checked badge with its dates, and a locked station as closed for a safety check, at 390 px in both languages', async () => {
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await page.goto(local().web + '/stations');
    const search = page.getByPlaceholder('Search stations or locations...');
    await search.fill('Checked Water Station');
    const card = page.locator('article', { hasText: 'Checked Water Station' });
    await expect.poll(async () => (await card.getByTestId('water-checked').textContent())?.trim()).toBe('Water checked· lab test 22 Nov 2026 · sanitised 20 Nov 2026');
    expect(await card.getByTestId('safety-closed').count()).toBe(0);

    await search.fill('Closed Water Station');
    const closedCard = page.locator('article', { hasText: 'Closed Water Station' });
    await closedCard.getByText('Closed for a water safety check: no refills here until it is cleared. Please use another station.').waitFor();
    expect(await closedCard.locator('[data-status]').getAttribute('data-status')).not.toBe('online');
    expect(await closedCard.getByTestId('water-checked').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Both cards at once ('... Water Station'), then in Bahasa Indonesia.
    await search.fill('Water Station');
    await card.waitFor();
    await page.getByRole('button', { name: 'id', exact: true }).click();
    await closedCard.getByText('Ditutup untuk pemeriksaan keamanan air', { exact: false }).waitFor();
    await expect.poll(async () => (await card.getByTestId('water-checked').textContent())?.trim()).toBe('Air sudah diperiksa· uji lab 22 Nov 2026 · sanitasi 20 Nov 2026');
  });

  it("locks and clears on the admin's station page: a refused clear says why, a passing test with its PDF then clears it", async () => {
    const page = await (await newContext(browser, { ...DESKTOP, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(page);
    await page.goto(`${local().web}/admin/stations/${closed.machine.id}`);
    await expect.poll(() => page.getByTestId('safety-lock').textContent()).toMatch(/^Locked since .+: a lab test failed$/);
    await page.locator('[data-availability="locked"]').getByText('Locked for water safety (a lab test failed)', { exact: false }).waitFor();

    const clearForm = page.getByRole('form', { name: 'Clear the water safety lock' });
    await clearForm.getByRole('button', { name: 'Clear the lock' }).click();
    await clearForm.getByText('Say what was done').waitFor();
    await clearForm.getByLabel('What was done').fill('Disinfected the tank');
    await clearForm.getByRole('button', { name: 'Clear the lock' }).click();
    await page.getByRole('alert').getByText(/^The last lab test failed: record a passing one first/).waitFor();

    const recordForm = page.getByRole('form', { name: 'Record a sanitation visit or a lab test' });
    await recordForm.getByLabel('What').selectOption('labTest');
    await recordForm.getByLabel('Result').selectOption('pass');
    // A picture renamed .pdf is refused in the browser, before anything is sent; then the lab's PDF.
    const pdfInput = recordForm.getByLabel('Lab report (PDF, optional)');
    expect(await pdfInput.getAttribute('accept')).toBe('application/pdf');
    await pdfInput.setInputFiles({ name: 'report-121.pdf', mimeType: 'application/pdf', buffer: Buffer.from(tinyPng) });
    await recordForm.getByText("This file is not a PDF: choose the lab's PDF report.").waitFor();
    const pdf = Buffer.from(smallPdf());
    await pdfInput.setInputFiles({ name: 'report-121.pdf', mimeType: 'application/pdf', buffer: pdf });
    await recordForm.getByText("The lab's report: one PDF of at most 5 MB.").waitFor();
    await recordForm.getByLabel('Note').fill('Retest after disinfection, report 121');
    // Storage answers slowly: the form says it is uploading meanwhile.
    await page.route('**/s3-local/**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await recordForm.getByRole('button', { name: 'Record' }).click();
    await recordForm.getByRole('status').getByText('Uploading the PDF...').waitFor();
    const history = page.getByRole('list', { name: 'Water safety history' });
    await history.getByText('Retest after disinfection, report 121').waitFor();
    await page.unroute('**/s3-local/**');
    const link = history.getByRole('link', { name: 'Lab report (PDF)' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    const download = await fetch((await link.getAttribute('href'))!);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await axeViolations(page, 'form[aria-label="Record a sanitation visit or a lab test"]')).toEqual([]);
    expect(await axeViolations(page, 'ul[aria-label="Water safety history"]')).toEqual([]);

    await clearForm.getByLabel('What was done').fill('Disinfected the tank, retested clean');
    await clearForm.getByRole('button', { name: 'Clear the lock' }).click();
    await page.getByText('Not locked: the water checks are in order.').waitFor();
    await history.getByText('Disinfected the tank, retested clean').waitFor();
    expect(await history.locator('li').count()).toBe(4);

    await page.getByRole('button', { name: 'id', exact: true }).click();
    await page.getByText('Tidak dikunci: pemeriksaan air dalam keadaan baik.').waitFor();
    await page.getByRole('list', { name: 'Riwayat keamanan air' }).getByRole('link', { name: 'Laporan lab (PDF)' }).waitFor();
    const catat = page.getByRole('form', { name: 'Catat kunjungan sanitasi atau uji lab' });
    await catat.getByLabel('Jenis').selectOption('labTest');
    await catat.getByLabel('Laporan lab (PDF, opsional)').setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: Buffer.from(tinyPng) });
    await catat.getByText('Berkas ini bukan PDF: pilih laporan PDF dari lab.').waitFor();
    await page.getByRole('button', { name: 'en', exact: true }).click();

    // At 390 px: the form and the row with its link fit, and the file input is a 44 px target.
    await page.setViewportSize({ width: 390, height: 844 });
    await link.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await pdfInput.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });

  it("stores a sanitation visit recorded at 06:00 in Bali with Bali's date of that day, and dues the next from it", async () => {
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US', timezoneId: 'UTC' })).newPage();
    // 06:00 in Bali is 22:00 UTC of the day before (the last 22:00 UTC passed, so the session's token is valid).
    const now = new Date();
    const sixInBali = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (now.getUTCHours() >= 22 ? 0 : 1), 22));
    const baliDay = new Date(sixInBali.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    await page.clock.setFixedTime(sixInBali);
    await adminSignInInBrowser(page);
    await page.goto(`${local().web}/admin/stations/${checked.machine.id}`);
    const recordForm = page.getByRole('form', { name: 'Record a sanitation visit or a lab test' });
    await recordForm.getByLabel('What').selectOption('sanitation');
    expect(await recordForm.getByLabel('Date').inputValue()).toBe(baliDay);
    await recordForm.getByLabel('Note').fill('Early morning visit');
    await recordForm.getByRole('button', { name: 'Record' }).click();
    await page.getByRole('list', { name: 'Water safety history' }).getByText('Early morning visit').waitFor();

    const { body } = await asAdmin(`/api/admin/machines/${checked.machine.id}/safety`);
    const safety = body as { lastSanitationAt: string; sanitationDueAt: string; records: { note: string; date: string }[] };
    expect(safety.records.find((r) => r.note === 'Early morning visit')?.date).toBe(baliDay);
    expect(safety.lastSanitationAt).toBe(baliDay);
    expect(safety.sanitationDueAt.slice(0, 10)).toBe(new Date(Date.parse(baliDay) + 30 * 86_400_000).toISOString().slice(0, 10));
  });
});
