import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAlerts } from '@functions/fleet/adapters/dynamodb/alerts';
import { SEED_HOST_STATIONS } from '@infra/local/seed';
import { CONSOLE_LOGIN_BUTTON, CONSOLE_PASSWORD_LABEL, currentCode, seededAccount } from '../support/auth';
import { DESKTOP, PHONE, followRequests, launchBrowser, networkSettled, newContext } from '../support/browser';
import { apiFetch, local, testDb } from '../support/local';
import { provision, workerServices, type Provisioned } from '../integration/stations-support';

let browser: Browser;
let station: Provisioned;

beforeAll(async () => {
  await workerServices();
  station = await provision('Technician Visit Station');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The phone's position at the provisioned station (-8.65, 115.21; stations-support.ts), shared with the page: check-ins need it. */
const AT_THE_STATION = { geolocation: { latitude: -8.6502, longitude: 115.2101 }, permissions: ['geolocation'] };

/** Signs a seeded console account in at /admin/login, as the admin does; the console sends each role to its page. */
async function consoleSignIn(page: Page, role: 'technician' | 'host') {
  const account = seededAccount(role);
  await page.goto(local().web + '/admin/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel(CONSOLE_PASSWORD_LABEL).fill(account.password);
  await page.getByRole('button', { name: CONSOLE_LOGIN_BUTTON }).click();
}

describe('technicians and hosts in Chromium', { timeout: 180_000 }, () => {
  it('shows a technician the stations only, and records a check-in from the station page', async () => {
    const page = await (await newContext(browser, { ...DESKTOP, locale: 'en-US', ...AT_THE_STATION })).newPage();
    await consoleSignIn(page, 'technician');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('table', { name: 'Machines' }).waitFor();
    await page.getByRole('heading', { name: 'Stations', exact: true }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Machines']);
    expect(await page.getByText('Total Revenue').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Machine' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Book', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Settings' }).count()).toBe(0);
    // Money and people are not reachable by address either.
    await page.goto(local().web + '/admin?tab=users');
    await page.getByRole('table', { name: 'Machines' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Machines']);
    await page.goto(local().web + '/admin/stickers');
    await page.waitForURL((url) => url.pathname === '/admin');
    // Nor the book: its address leads back to the stations.
    await page.goto(local().web + '/admin/book');
    await page.waitForURL((url) => url.pathname === '/admin');
    // Today's route is field work: the technician's too.
    await page.goto(local().web + '/admin/visits');
    await page.getByRole('heading', { name: "Today's route" }).waitFor();

    await page.goto(local().web + `/admin/stations/${station.machine.id}`);
    await page.getByRole('heading', { name: 'Station Technician Visit Station' }).waitFor();
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.getByRole('status').filter({ hasText: /^Checked in at / }).waitFor();
    await page.getByRole('list', { name: 'Last connection events' }).getByText(`Checked in by ${seededAccount('technician').username}`).waitFor();
    await page.getByRole('heading', { name: 'Vends per day' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Revenue' }).count()).toBe(0);
    expect(await page.getByText('Host', { exact: true }).count()).toBe(0);
  });

  it("fits a technician's console on a phone: every header control inside the screen, none over another", async () => {
    // An open alert and an open ticket, so that the header carries both counts (the widest the header gets).
    const { db, tableName } = testDb();
    const openedAt = new Date().toISOString();
    await new DynamoAlerts(db, tableName).open({
      stationId: station.machine.id, stationName: 'Technician Visit Station', rule: 'lowWater', status: 'open', detail: 'Water level 5% (below 15%)', openedAt, notifications: 0, nextNotifyAt: openedAt,
    });
    const report = await apiFetch('/api/reports', { method: 'POST', headers: { 'cloudfront-viewer-address': '192.0.2.78:443' }, json: { stationId: station.machine.id, category: 'dirty' } });
    expect(report.status).toBe(201);
    const page = await (await newContext(browser, { ...PHONE, locale: 'id-ID' })).newPage();
    await consoleSignIn(page, 'technician');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('list', { name: 'Mesin' }).waitFor();
    await page.getByTestId('alert-count').waitFor();
    await page.getByTestId('ticket-count').waitFor();
    type Box = { left: number; right: number; top: number; bottom: number };
    const meets = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const expectHeaderFits = async () => {
      const boxes: Box[] = await page.locator('header a, header button').evaluateAll((controls) =>
        controls.map((c) => c.getBoundingClientRect()).filter((b) => b.width > 0).map((b) => ({ left: b.left, right: b.right, top: b.top, bottom: b.bottom })));
      expect(boxes.length).toBeGreaterThanOrEqual(4);
      for (const box of boxes) expect(box.right).toBeLessThanOrEqual(390);
      expect(boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => meets(a, b)))).toEqual([]);
      // The role badge inside the home link meets that link only (a shrunk link would let it run under its neighbours).
      const role: Box = await page.getByTestId('console-role').evaluate((el) => {
        const b = el.getBoundingClientRect();
        return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
      });
      expect(boxes.filter((b) => meets(role, b))).toHaveLength(1);
    };
    await expectHeaderFits();
    // A busy night: hundreds open. On a phone the counts read "9+" and the header still fits.
    for (const path of ['**/api/admin/alerts/counts', '**/api/admin/tickets/counts']) {
      await page.route(path, async (route) => route.fulfill({ json: { ...(await (await route.fetch()).json()), open: 250 } }));
    }
    await page.reload();
    await page.getByTestId('alert-count').getByText('9+', { exact: true }).waitFor();
    await page.getByTestId('ticket-count').getByText('9+', { exact: true }).waitFor();
    await expectHeaderFits();
  });

  it("offers a technician who scans a station's QR a Check in on its public page, and nobody else", async () => {
    const anonymous = followRequests(await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage());
    await anonymous.goto(local().web + `/s/${station.machine.id}`);
    await anonymous.getByRole('heading', { name: /Technician Visit Station/ }).waitFor();
    // The check-in's chunk has loaded and rendered what it would for this visitor.
    await networkSettled(anonymous);
    expect(await anonymous.getByRole('region', { name: 'Technician at this station?' }).count()).toBe(0);

    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US', ...AT_THE_STATION })).newPage();
    await consoleSignIn(page, 'technician');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto(local().web + `/s/${station.machine.id}`);
    const prompt = page.getByRole('region', { name: 'Technician at this station?' });
    await prompt.getByRole('button', { name: 'Check in' }).click();
    await prompt.getByRole('status').filter({ hasText: /^Checked in at / }).waitFor();
    const events = await (await workerServices()).telemetry.latestEvents(station.machine.id, 5);
    expect(events.filter((e) => e.kind === 'checkedIn').map((e) => e.by)).toContain(`technician:${seededAccount('technician').username}`);

    // In Bahasa Indonesia the prompt and its button speak it too.
    await page.getByRole('button', { name: 'id', exact: true }).click();
    const ajakan = page.getByRole('region', { name: 'Teknisi di stasiun ini?' });
    await ajakan.getByRole('button', { name: 'Lapor hadir' }).click();
    await ajakan.getByRole('status').filter({ hasText: /^Kehadiran tercatat pukul / }).waitFor();
  });

  it("sends a host to its own page: its stations' impact of the month, printable, in Bahasa Indonesia too", async () => {
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await consoleSignIn(page, 'host');
    await page.waitForURL((url) => url.pathname === '/host');
    await page.getByRole('heading', { name: 'Your stations' }).waitFor();
    await page.getByTestId('host-bottles').waitFor();
    const names = await page.locator('tbody tr td:first-child p:first-child').allTextContents();
    const seeded = await Promise.all(SEED_HOST_STATIONS.map(async (id) => (await (await workerServices()).machines.get(id))!.name!));
    expect(names).toEqual(expect.arrayContaining(seeded));
    expect(names).not.toContain('Technician Visit Station');
    // The console is not the host's: /admin sends it back.
    await page.goto(local().web + '/admin');
    await page.waitForURL((url) => url.pathname === '/host');
    // The printed report leaves out the controls.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print the report' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Your stations' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'id' }).click();
    await page.getByRole('heading', { name: 'Stasiun Anda' }).waitFor();
    await page.getByRole('button', { name: 'Cetak laporan' }).waitFor();
  });

  it('sends every role that signs in at /signin to its own home, at 390 px in both languages (the landing page\'s sign-in too)', async () => {
    const cases = [
      { role: 'host', locale: 'id-ID', form: 'Masuk', password: 'Kata sandi', home: '/host', redirect: '/app/map' },
      { role: 'host', locale: 'en-US', form: 'Sign in', password: 'Password', home: '/host', redirect: undefined },
      { role: 'technician', locale: 'id-ID', form: 'Masuk', password: 'Kata sandi', home: '/admin', redirect: undefined },
      { role: 'admin', locale: 'en-US', form: 'Sign in', password: 'Password', home: '/admin', redirect: '/app' },
      { role: 'user', locale: 'en-US', form: 'Sign in', password: 'Password', home: '/app/map', redirect: '/app/map' },
    ] as const;
    for (const c of cases) {
      const account = seededAccount(c.role);
      const page = await (await newContext(browser, { ...PHONE, locale: c.locale })).newPage();
      await page.goto(`${local().web}/signin${c.redirect ? `?redirect=${encodeURIComponent(c.redirect)}` : ''}`);
      const form = page.getByRole('form', { name: c.form });
      await form.getByLabel('E-mail').fill(account.username);
      await form.getByLabel(c.password, { exact: true }).fill(account.password);
      await form.getByRole('button', { name: c.form }).click();
      // The admin has a second factor: the same screen asks for its authenticator's code.
      if (account.totpSecret) {
        const codeForm = page.getByRole('form', { name: 'Enter your code' });
        await codeForm.getByLabel('Code from your authenticator app').fill(currentCode(account.totpSecret));
        await codeForm.getByRole('button', { name: c.form }).click();
      }
      await page.waitForURL((url) => url.pathname === c.home);
      if (c.role === 'host') await page.getByRole('heading', { name: c.locale === 'id-ID' ? 'Stasiun Anda' : 'Your stations' }).waitFor();
      // Signed in already, /signin goes straight home again.
      await page.goto(`${local().web}/signin`);
      await page.waitForURL((url) => url.pathname === (c.role === 'user' ? '/app' : c.home));
      await page.context().close();
    }
  });
});
