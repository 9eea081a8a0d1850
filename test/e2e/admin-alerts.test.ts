import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAlerts } from '@functions/fleet/adapters/dynamodb/alerts';
import { adminSignInInBrowser } from '../support/auth';
import { DESKTOP, PHONE, launchBrowser, newContext } from '../support/browser';
import { local, testDb } from '../support/local';
import { provision, workerServices, type Provisioned } from '../integration/stations-support';

let browser: Browser;
let station: Provisioned;

beforeAll(async () => {
  await workerServices();
  station = await provision('Alerting Station');
  const { db, tableName } = testDb();
  const openedAt = new Date(Date.now() - 5 * 60_000).toISOString();
  // An alert as a heartbeat opens it (water below the threshold), not yet e-mailed; due in an hour, so that the
  // stack's sweep (every minute) does not e-mail it while the page is checked.
  expect(await new DynamoAlerts(db, tableName).open({
    stationId: station.machine.id, stationName: 'Alerting Station', rule: 'lowWater', status: 'open', detail: 'Water level 7% (below 15%)',
    openedAt, notifications: 0, nextNotifyAt: new Date(Date.now() + 3_600_000).toISOString(),
  })).toBe(true);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Alerts page in Chromium', { timeout: 180_000 }, () => {
  it('counts open alerts in the header, filters them, and acknowledges one', async () => {
    const page = await (await newContext(browser, { ...DESKTOP, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(page);
    const link = page.getByRole('link', { name: /^Alerts: \d+ open$/ });
    await link.waitFor();
    // Other tests may have left many open: the badge shows the count, or 99+ past 99 (innerText skips the phone's hidden copy).
    const open = Number(/(\d+)/.exec((await link.getAttribute('aria-label')) ?? '')?.[1]);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('alert-count').innerText()).toBe(open > 99 ? '99+' : String(open));
    await link.click();
    await page.waitForURL('**/admin/alerts');

    await page.getByLabel('Station ID').fill(station.machine.id);
    await page.getByLabel('Station ID').press('Enter');
    const list = page.getByRole('list', { name: 'Alerts' });
    const row = list.getByRole('listitem');
    // The list answers after the filter's request; on a loaded machine that took more than the poll's default 5 s.
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByText('Water level 7% (below 15%)').waitFor();
    await row.getByText('Not e-mailed yet').waitFor();

    await page.getByLabel('Rule').selectOption('offline');
    await page.getByText('No alerts match.').waitFor();
    await page.getByLabel('Rule').selectOption('lowWater');
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await row.getByText(/^Acknowledged$/).waitFor();
    await row.getByText(/Acknowledged by admin:/).waitFor();
    await page.getByLabel('Status').selectOption('open');
    await page.getByText('No alerts match.').waitFor();

    await page.getByRole('button', { name: 'id', exact: true }).click();
    await page.getByRole('heading', { name: 'Peringatan' }).waitFor();
    await page.getByRole('button', { name: 'en', exact: true }).click();
  });

  it('fits a phone', async () => {
    const phone = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(phone);
    await phone.goto(local().web + '/admin/alerts');
    await phone.getByRole('heading', { name: 'Alerts' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
