import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Alert } from '@shared/schemas/alert';
import { MachineList } from '@shared/schemas/machine';
import { Page } from '@shared/schemas/transaction';
import { Settings } from '@shared/schemas/settings';
import { Ticket } from '@shared/schemas/ticket';
import { directionsThrough, routeOrder, stationsToVisit } from '@shared/visits';
import { asAdmin } from '../support/admin';
import { adminSignInInBrowser } from '../support/auth';
import { DESKTOP, PHONE, launchBrowser, newContext } from '../support/browser';
import { provision, workerServices, type Provisioned } from '../integration/stations-support';

let browser: Browser;
let offline: Provisioned;
let nearlyEmpty: Provisioned;

beforeAll(async () => {
  offline = await provision('Visit Offline Station', 'offline');
  nearlyEmpty = await provision('Visit Empty Station');
  // As the station's last heartbeat left it: 3% of water.
  await (await workerServices()).machines.update(nearlyEmpty.machine.id, { waterLevel: 3 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * What the console's own data says the visits are, in the order to drive them from no known position (the browser
 * here shares none; the ranking and the order are unit tested in shared/visits.test.ts).
 */
async function expectedVisits() {
  const [stations, alerts, settings, tickets] = await Promise.all([
    asAdmin('/api/machines'), asAdmin('/api/admin/alerts?status=active&limit=100'), asAdmin('/api/admin/settings'), asAdmin('/api/admin/tickets?status=active&limit=100'),
  ]);
  const visits = stationsToVisit(MachineList.parse(stations.body), Page(Alert).parse(alerts.body).items, Settings.parse(settings.body), Page(Ticket).parse(tickets.body).items);
  return routeOrder(visits, null).stops.map((stop) => stop.visit);
}

describe("Today's route in Chromium", { timeout: 180_000 }, () => {
  it('orders the stations that need a visit, says why, and links each to directions (phone)', async () => {
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(page);
    await page.getByRole('link', { name: "Today's route" }).click();
    await page.waitForURL('**/admin/visits');
    const list = page.getByRole('list', { name: "Today's route" });
    await list.waitFor();

    const shown = await list.getByRole('listitem').evaluateAll((rows) => rows.map((row) => /\(([A-Z]+-[0-9a-z]+)\)/.exec(row.textContent ?? '')?.[1]));
    const expected = await expectedVisits();
    expect(shown).toEqual(expected.map((v) => v.station.id));
    expect(shown).toEqual(expect.arrayContaining([offline.machine.id, nearlyEmpty.machine.id]));

    const offlineRow = list.getByRole('listitem').filter({ hasText: offline.machine.id });
    await offlineRow.getByText('Offline', { exact: true }).waitFor();
    const emptyRow = list.getByRole('listitem').filter({ hasText: nearlyEmpty.machine.id });
    await emptyRow.getByText('Low water', { exact: true }).waitFor();
    await emptyRow.getByText('Water 3%').waitFor();
    expect(await emptyRow.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe('https://www.google.com/maps/dir/?api=1&destination=-8.65%2C115.21&travelmode=driving');
    // One link through the first ten with coordinates, in their order, saying how many.
    const through = directionsThrough(expected.map((v) => v.station))!;
    expect(await page.getByRole('link', { name: `Directions through the first ${through.stops} in Google Maps` }).getAttribute('href')).toBe(through.url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });

  it('speaks Bahasa Indonesia (desktop)', async () => {
    const page = await (await newContext(browser, { ...DESKTOP, locale: 'id-ID' })).newPage();
    await adminSignInInBrowser(page);
    await page.goto(new URL('/admin/visits', page.url()).href);
    await page.getByRole('heading', { name: 'Rute hari ini' }).waitFor();
    const emptyRow = page.getByRole('list', { name: 'Rute hari ini' }).getByRole('listitem').filter({ hasText: nearlyEmpty.machine.id });
    await emptyRow.getByText('Air hampir habis', { exact: true }).waitFor();
    await emptyRow.getByRole('link', { name: 'Petunjuk arah' }).waitFor();
  });
});
