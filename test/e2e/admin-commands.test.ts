import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { expireQueuedExecutions } from '@functions/fleet/domain/commands';
import { consoleLog } from '@functions/platform/ports/log';
import type { SimStation } from '@infra/local/simulator';
import { asAdmin } from '../support/admin';
import { adminSignInInBrowser } from '../support/auth';
import { DESKTOP, PHONE, launchBrowser, newContext } from '../support/browser';
import { local, testDb } from '../support/local';
import { closeStations, provision, stationFor, workerServices } from '../integration/stations-support';

let browser: Browser;
let stations: SimStation[];

beforeAll(async () => {
  await workerServices();
  const provisioned = await Promise.all([provision('Command Station A'), provision('Command Station B'), provision('Command Station C')]);
  stations = await Promise.all(provisioned.map((p) => stationFor(p)));
  await Promise.all(stations.map(async (s) => {
    await s.connect();
    await s.heartbeat();
  }));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeStations();
});

describe('the Remote commands pages in Chromium', { timeout: 180_000 }, () => {
  it('sends a price change from the dashboard and shows each station succeed, then the price on the station page', async () => {
    const page = await (await newContext(browser, { ...DESKTOP, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(page);
    await page.getByRole('link', { name: 'Remote commands' }).click();
    await page.waitForURL('**/admin/commands');
    await page.getByRole('heading', { name: 'Remote commands' }).waitFor();

    // A mistake first: the field says what is wrong.
    await page.getByLabel('Command', { exact: true }).selectOption('setPrice');
    await page.getByLabel('Price per litre (Rp)').fill('0');
    await page.getByLabel('Station ids').fill(stations.map((s) => s.id).join(', '));
    await page.getByRole('button', { name: 'Send command' }).click();
    await page.getByText('Must be more than 0').waitFor();

    // Typed as the console shows prices ('Rp 3.000'): it reads as 3000 rupiah.
    await page.getByLabel('Price per litre (Rp)').fill('Rp 3.000');
    await page.getByRole('button', { name: 'Send command' }).click();
    await page.waitForURL('**/admin/commands/*');
    await page.getByRole('heading', { name: /^Set price per litre: Rp\s?3[.,]000$/ }).waitFor();
    const rows = page.getByRole('table', { name: 'Stations' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    // The page follows the stations while the command runs: every row ends succeeded at 100%.
    await expect.poll(() => rows.filter({ hasText: 'Succeeded' }).count(), { timeout: 20_000 }).toBe(3);
    for (const s of stations) {
      const row = rows.filter({ hasText: s.id });
      expect(await row.getByRole('progressbar', { name: `Progress at ${s.id}` }).getAttribute('value')).toBe('100');
      await row.getByText('100%').waitFor();
    }
    await page.getByTestId('command-counts').getByText('3 succeeded · 0 failed · 0 canceled').waitFor();
    // The command finishes right after its last station (the page reads it again every second until then).
    await expect.poll(() => page.getByRole('button', { name: 'Abort' }).count(), { timeout: 10_000 }).toBe(0);
    for (const s of stations) expect(s.commands.pricePerLitre).toBe(3000);

    // The station page shows its own price and the command among its last events.
    await rows.first().getByRole('link').click();
    await page.getByTestId('station-price').getByText(/Own price: Rp\s?3[.,]000 per litre/).waitFor();
    await page.getByRole('list', { name: 'Last connection events' }).getByText('Command: setPrice succeeded').waitFor();

    // The list has it first, in Indonesian too.
    await page.goto(local().web + '/admin/commands');
    await page.getByRole('list', { name: 'Remote commands' }).getByRole('listitem').first().getByText('Succeeded', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'id', exact: true }).click();
    await page.getByRole('heading', { name: 'Perintah jarak jauh' }).waitFor();
    await page.getByRole('button', { name: 'en', exact: true }).click();
  });

  it('aborts a command that waits for an offline station, and fits a phone', async () => {
    const offline = stations[2]!;
    await offline.close();
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(page);
    await page.goto(local().web + '/admin/commands');
    await page.getByLabel('Command', { exact: true }).selectOption('restart');
    await page.getByLabel('Station ids').fill(offline.id);
    await page.getByRole('button', { name: 'Send command' }).click();
    await page.waitForURL('**/admin/commands/*');
    await page.getByRole('table', { name: 'Stations' }).getByText('Queued').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Abort' }).click();
    await page.getByRole('table', { name: 'Stations' }).getByText('Canceled').waitFor();
    await page.getByText('Aborted', { exact: true }).first().waitFor();
  });

  it("wraps a timed-out execution's reason at 390 px: neither the page nor the stations table scrolls sideways", async () => {
    const away = await provision('Command Station Away', 'offline');
    const created = await asAdmin('/api/admin/commands', { method: 'POST', json: { type: 'restart', target: { stationIds: [away.machine.id] } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const commandId = (created.body as { id: string }).id;
    // As if the station had stayed away past the expiry: the sweep times the execution out with its reason.
    const { db, tableName } = testDb();
    await db.send(new UpdateCommand({ TableName: tableName, Key: keys.commandExecution(commandId, away.machine.id), UpdateExpression: 'SET updatedAt = :at', ExpressionAttributeValues: { ':at': new Date(Date.now() - 25 * 3_600_000).toISOString() } }));
    await expireQueuedExecutions({ ...(await workerServices()), log: consoleLog });

    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await adminSignInInBrowser(page);
    await page.goto(`${local().web}/admin/commands/${commandId}`);
    const table = page.getByRole('table', { name: 'Stations' });
    await table.getByText('Timed out', { exact: true }).waitFor();
    // Under the status on a phone (the Detail column is for wider screens).
    await table.getByTestId('execution-detail').getByText('Step 1 · queued for more than 24 h: the station did not come back').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);

    // The station page's last events name it too, and fit as well.
    await page.goto(`${local().web}/admin/stations/${away.machine.id}`);
    await page.getByRole('list', { name: 'Last connection events' }).getByText('timed out', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
