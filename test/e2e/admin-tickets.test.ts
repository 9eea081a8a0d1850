import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSignInInBrowser, seededAccount } from '../support/auth';
import { DESKTOP, PHONE, launchBrowser, newContext } from '../support/browser';
import { asAdmin } from '../support/admin';
import { apiFetch, local } from '../support/local';
import { provision, workerServices, type Provisioned } from '../integration/stations-support';

/** Where to save screenshots when set (FLEET_SHOTS=/work/shots). */
const SHOTS = process.env.FLEET_SHOTS;

let browser: Browser;
let station: Provisioned;

beforeAll(async () => {
  await workerServices();
  station = await provision('Ticketed Station');
  // A public problem report opens the station's ticket.
  const report = await apiFetch('/api/reports', { method: 'POST', headers: { 'cloudfront-viewer-address': '192.0.2.77:443' }, json: { stationId: station.machine.id, category: 'broken', note: 'The tap drips' } });
  expect(report.status, JSON.stringify(report.body)).toBe(201);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Tickets pages in Chromium', { timeout: 180_000 }, () => {
  it('counts open tickets in the header, lists a station\'s, and assigns, comments on and closes one', async () => {
    const page = await (await newContext(browser, { ...DESKTOP, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(page);
    const link = page.getByRole('link', { name: /^Tickets: \d+ open$/ });
    await link.waitFor();
    // Other tests may have left many open: the badge shows the count, or 99+ past 99 (innerText skips the phone's hidden copy).
    const open = Number(/(\d+)/.exec((await link.getAttribute('aria-label')) ?? '')?.[1]);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('ticket-count').innerText()).toBe(open > 99 ? '99+' : String(open));
    await link.click();
    await page.waitForURL('**/admin/tickets');
    // With many open tickets the page loads after the URL changes: the previous page's "Edit Station ..." buttons are still there.
    await page.getByRole('heading', { name: 'Tickets' }).waitFor();

    await page.getByLabel('Station', { exact: true }).fill(station.machine.id);
    await page.getByLabel('Station', { exact: true }).press('Enter');
    await page.waitForURL(`**/admin/tickets?**station=${station.machine.id}**`);
    const row = page.getByRole('list', { name: 'Tickets' }).getByRole('listitem');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('broken: The tap drips').waitFor();
    await row.getByText('Not assigned').waitFor();
    await row.getByRole('link', { name: 'Problem reported' }).click();

    await page.getByRole('heading', { name: 'Problem reported' }).waitFor();
    await page.getByRole('link', { name: `Ticketed Station (${station.machine.id})` }).waitFor();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    const admin = seededAccount('admin').username;
    await page.getByText(`Assigned to ${admin}`).waitFor();
    // Anyone else is picked from the admins and technicians, never typed; choosing no one is refused with the field's message.
    const picker = page.getByLabel('Technician or admin');
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Choose a technician or admin').waitFor();
    const technician = seededAccount('technician').username;
    const choices = await picker.locator('option').allInnerTexts();
    expect(choices).toContain(`Made Teknisi (technician, ${technician})`);
    expect(choices.some((c) => c.includes(seededAccount('user').username) || c.includes(seededAccount('host').username))).toBe(false);
    await picker.selectOption(technician);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText(`Assigned to ${technician}`).waitFor();

    await page.getByLabel('Comment').fill('Bringing a washer');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('list', { name: 'Comments' }).getByText('Bringing a washer').waitFor();

    await page.getByLabel('What was done (resolution)').fill('Replaced the washer');
    await page.getByRole('button', { name: 'Close ticket' }).click();
    await page.getByText(/^Closed .* by /).waitFor();
    await page.getByText('Replaced the washer').first().waitFor();
    expect(await page.getByRole('button', { name: 'Close ticket' }).count()).toBe(0);
    const history = page.getByRole('list', { name: 'History' }).getByRole('listitem');
    expect(await history.allTextContents()).toEqual([
      expect.stringContaining('Opened'), expect.stringContaining('Assigned'), expect.stringContaining(`Assigned · ${admin} · ${technician}`), expect.stringContaining('Commented'), expect.stringContaining('Closed'),
    ]);
    // The report is resolved with it: the station no longer shows a problem.
    expect(((await apiFetch(`/api/machines/${station.machine.id}`)).body as { problemReported?: boolean }).problemReported).toBe(false);

    await page.getByRole('button', { name: 'id', exact: true }).click();
    await page.getByRole('heading', { name: 'Riwayat' }).waitFor();
    await page.getByRole('button', { name: 'en', exact: true }).click();
  });

  it('fits a phone, header count included', async () => {
    const phone = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(phone);
    await phone.getByRole('link', { name: /^Tickets: / }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.goto(local().web + '/admin/tickets?view=closed');
    await phone.getByRole('heading', { name: 'Tickets' }).waitFor();
    await phone.getByRole('list', { name: 'Tickets' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // An open ticket's page with the assignee picker.
    expect((await apiFetch('/api/reports', { method: 'POST', headers: { 'cloudfront-viewer-address': '192.0.2.78:443' }, json: { stationId: station.machine.id, category: 'broken', note: 'Drips again' } })).status).toBe(201);
    const open = (await asAdmin(`/api/admin/tickets?stationId=${station.machine.id}`)).body as { items: { id: string }[] };
    await phone.goto(`${local().web}/admin/tickets/${open.items[0]!.id}`);
    await phone.getByLabel('Technician or admin').locator('option', { hasText: 'Made Teknisi' }).waitFor({ state: 'attached' });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (SHOTS) {
      await phone.getByLabel('Technician or admin').selectOption(seededAccount('technician').username);
      await phone.locator('form', { has: phone.getByLabel('Technician or admin') }).screenshot({ path: `${SHOTS}/fleet-ticket-assignee.png` });
    }
  });
});
