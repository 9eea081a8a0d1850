import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { baliDate } from '@shared/bali-time';
import { formatDay } from '@shared/format';
import { DynamoTelemetry } from '@functions/fleet/adapters/dynamodb/telemetry';
import { storeReading } from '@functions/fleet/domain/telemetry';
import { adminSignInInBrowser, newAccount } from '../support/auth';
import { repositories } from '../support/admin';
import { DESKTOP, PHONE, downloadedText, launchBrowser, newContext } from '../support/browser';
import { local, testDb } from '../support/local';
import { provision, workerServices, type Provisioned } from '../integration/stations-support';

let browser: Browser;
let page: Page;
let station: Provisioned;
// In pairs a minute apart (a change reported between two regular heartbeats), one pair every other 5-minute interval.
const READINGS = 286;

beforeAll(async () => {
  await workerServices();
  station = await provision('Chart Test Station');
  const { db, tableName } = testDb();
  // The station has existed for longer than the day shown, so uptime counts the whole day.
  await db.send(new UpdateCommand({ TableName: tableName, Key: keys.machine(station.machine.id), UpdateExpression: 'SET createdAt = :c', ExpressionAttributeValues: { ':c': new Date(Date.now() - 30 * 3_600_000).toISOString() } }));
  // 24 h of telemetry written by the heartbeat's own write function: the tank drains and is refilled.
  const telemetry = new DynamoTelemetry(db, tableName);
  // Pairs start 5 s into an interval of the 300 s heartbeat interval; the oldest is 23.9 h ago, the newest 4 minutes:
  // all inside the day the page shows a few seconds later.
  const base = Math.floor(Date.now() / 600_000) * 600_000 - 300_000;
  for (let i = 0; i < READINGS; i++) {
    const pair = Math.floor(i / 2);
    const at = new Date(base - (READINGS / 2 - 1 - pair) * 600_000 + 5_000 + (i % 2) * 60_000).toISOString();
    await storeReading(station.machine.id, {
      waterLevel: 100 - (i % 144) * 0.6, quality: { tdsPpm: 40 + (i % 10), temperatureC: 27 + (i % 5) / 10 },
      counters: { dispensedMl: i * 250, vends: i, failures: 0 }, signalDbm: -70 - (i % 7),
    }, at, { telemetry });
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signInAsAdmin(p: Page) {
  await adminSignInInBrowser(p);
  // A table on a desk, a list of cards on a phone (the other one is there, hidden).
  await p.getByRole('table', { name: 'Machines' }).or(p.getByRole('list', { name: 'Machines' })).filter({ visible: true }).first().waitFor();
}

describe("the admin's station page in Chromium", { timeout: 180_000 }, () => {
  it('opens from the machines list and charts 24 h of telemetry, with uptime, ranges, CSV and Bahasa Indonesia', async () => {
    page = await (await newContext(browser, { ...DESKTOP, locale: 'en-US', acceptDownloads: true })).newPage();
    await signInAsAdmin(page);
    await page.getByLabel('Search machines').fill('Chart Test Station');
    await page.getByRole('link', { name: 'Chart Test Station' }).click();
    await page.waitForURL(`**/admin/stations/${station.machine.id}`);
    await page.getByRole('heading', { name: 'Station Chart Test Station' }).waitFor();

    const waterChart = page.getByRole('img', { name: 'Water level (%)' });
    await waterChart.locator('canvas').waitFor();
    expect(await waterChart.getAttribute('data-points')).toBe(String(READINGS));
    for (const name of ['Water quality, TDS (ppm)', 'Water temperature (°C)', 'Signal strength (dBm)']) await page.getByRole('img', { name }).locator('canvas').waitFor();
    // 143 of the day's 288 intervals of 300 s heard (each pair counts once).
    await expect.poll(() => page.getByTestId('uptime').textContent()).toBe('49.7%'); // the console's language: English figures
    await page.getByText('Vends and revenue per day').waitFor();
    // Each day of the daily table in the console's language, as every other date ('28 Nov 2026', not '2026-11-28').
    const dayCells = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Vends' }) }).locator('tbody td:first-child');
    const daysShown = [0, 1].map((back) => baliDate(new Date(Date.now() - back * 86_400_000)));
    await dayCells.first().waitFor();
    const englishDays = await dayCells.allTextContents();
    expect(englishDays.length).toBeGreaterThan(0);
    expect(englishDays.every((text) => daysShown.some((day) => formatDay(day, 'en') === text))).toBe(true);

    // 7 days: the same 23.2 h of readings in 15-minute buckets (93 or 94, depending on where the buckets start).
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(async () => Number(await waterChart.getAttribute('data-points'))).toBeLessThan(100);
    expect(Number(await waterChart.getAttribute('data-points'))).toBeGreaterThanOrEqual(93);

    // The CSV holds every reading of the range, not the buckets.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await downloadedText(await download);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Received at,Water level %,TDS ppm,Temperature °C,Dispensed ml (counter),Vends (counter),Failures (counter),Signal dBm');
    expect(lines).toHaveLength(READINGS + 1);

    await page.getByRole('button', { name: 'id', exact: true }).click();
    await page.getByRole('img', { name: 'Tingkat air (%)' }).waitFor();
    // The time axis in Indonesian (a canvas: seen on the screenshot, its labels tested in time-axis.test.ts).
    if (process.env.I18N_SHOTS) await page.getByRole('img', { name: 'Tingkat air (%)' }).screenshot({ path: `${process.env.I18N_SHOTS}/i18ngaps-chart-id.png` });
    await page.getByRole('button', { name: '24 jam terakhir' }).waitFor();
    const indonesianDays = await page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Pengisian' }) }).locator('tbody td:first-child').allTextContents();
    expect(indonesianDays.length).toBeGreaterThan(0);
    expect(indonesianDays.every((text) => daysShown.some((day) => formatDay(day, 'id') === text))).toBe(true);
    await page.getByRole('button', { name: 'en', exact: true }).click();
  });

  it('tells an offline station (with the reason of its disconnect) from an empty one, in the list and on the station page', async () => {
    const { db, tableName } = testDb();
    const [dropped, empty] = await Promise.all([provision('Dropped Link Station'), provision('Empty Tank Station')]);
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    const set = (id: string, fields: Record<string, unknown>) => db.send(new UpdateCommand({
      TableName: tableName, Key: keys.machine(id),
      UpdateExpression: `SET ${Object.keys(fields).map((k) => `#${k} = :${k}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(fields).map((k) => [`#${k}`, k])),
      ExpressionAttributeValues: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`:${k}`, v])),
    }));
    await set(dropped.machine.id, { status: 'offline', connection: { state: 'disconnected', at, reason: 'MQTT_KEEP_ALIVE_TIMEOUT' }, presenceAt: at });
    const person = await newAccount('offline-refill');
    const { users, ledger } = repositories();
    await users.ensure({ id: person.sub, username: person.email, firstName: 'Offline', lastName: null, email: person.email }, new Date().toISOString());
    await ledger.post(person.sub, 'topup', 10_000, `e2e-topup:${person.sub}`, { reference: `order-${person.sub}`, actor: 'gateway', paymentMethod: 'qris' });
    await ledger.charge(person.sub, 'purchase', 750, `e2e-offline:${person.sub}`, {
      reference: `offline-${person.sub}`, actor: `station:${dropped.machine.id}`, machineId: dropped.machine.id, machineName: 'Dropped Link Station', volumeMl: 750, offline: true,
    });
    await set(empty.machine.id, { status: 'online', waterLevel: 3, lastHeartbeat: new Date().toISOString(), connection: { state: 'connected', at, reason: null } });

    const list = await (await newContext(browser, { ...DESKTOP, locale: 'en-US' })).newPage();
    await signInAsAdmin(list);
    await list.getByLabel('Search machines').fill('Dropped Link Station');
    await list.getByText('Disconnected 5 min ago: keep-alive timeout, no signal').filter({ visible: true }).waitFor();
    // It was connected, so it checks pay codes itself (docs/station-protocol.md, "Offline vends").
    await list.getByText('Offline, serving wallet customers', { exact: false }).filter({ visible: true }).waitFor();
    await list.getByLabel('Search machines').fill('Empty Tank Station');
    await list.getByText('Empty: water level 3%').filter({ visible: true }).waitFor();

    await list.goto(`${local().web}/admin/stations/${dropped.machine.id}`);
    const line = list.locator('[data-availability]');
    await expect.poll(() => line.getAttribute('data-availability')).toBe('offline');
    expect(await line.textContent()).toMatch(/^Offline: disconnected at .+ \(keep-alive timeout, no signal\)\. Not an empty tank or a lock/);
    expect(await list.getByTestId('serving-offline').textContent()).toBe(
      'It still serves wallet customers with their pay codes; their refills are charged when it reconnects. Paying by QRIS needs its signal.',
    );
    // The refills it delivered on reconnecting, charged then.
    const refills = list.getByTestId('offline-refills');
    await expect.poll(() => refills.textContent()).toContain('Rp 750');
    expect(await refills.textContent()).toContain('0.75 L');
    await list.getByRole('button', { name: 'id', exact: true }).click();
    await expect.poll(() => line.textContent()).toMatch(/^Offline: terputus pada .+ \(batas keep-alive habis, tanpa sinyal\)/);
    expect(await list.getByTestId('serving-offline').textContent()).toContain('Stasiun tetap melayani pelanggan dompet');
    expect(await refills.textContent()).toContain('0,75 L');
    await list.getByRole('button', { name: 'en', exact: true }).click();

    // Its sticker page tells a tourist the truth: no paying here without signal, the app's pay code may still work.
    const sticker = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await sticker.goto(`${local().web}/s/${dropped.machine.id}`);
    const appNote = sticker.getByTestId('offline-app').filter({ visible: true });
    await appNote.waitFor();
    expect(await appNote.textContent()).toContain('the pay code of the Bali Refill app still works');
    expect(await sticker.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    await sticker.evaluate(() => localStorage.setItem('bali-refill.language', 'id'));
    await sticker.reload();
    await expect.poll(() => appNote.textContent()).toContain('kode bayar aplikasi Bali Refill tetap berfungsi');
    expect(await sticker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await sticker.close();

    await list.goto(`${local().web}/admin/stations/${empty.machine.id}`);
    await expect.poll(() => line.textContent()).toBe('Empty: online, water level 3%. It needs a refill.');
  });

  it('fits a phone', async () => {
    const phone = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await signInAsAdmin(phone);
    await phone.goto(`${local().web}/admin/stations/${station.machine.id}`);
    await phone.getByRole('img', { name: 'Water level (%)' }).locator('canvas').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
