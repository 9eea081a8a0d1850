import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { DESKTOP, launchBrowser, newContext } from '../support/browser';
import { local, testDb } from '../support/local';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser, DESKTOP)).newPage();
});
afterAll(async () => browser?.close());

async function hostRequestsNamed(name: string) {
  const { db, tableName } = testDb();
  const { Items = [] } = await db.send(new QueryCommand({
    TableName: tableName, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.hostRequestsPartition },
  }));
  return Items.filter((i) => i.businessName === name);
}

describe('the station data path, database to browser', () => {
  it('shows online stations from the seed on /', async () => {
    await page.goto(local().web + '/');
    const list = page.getByRole('list', { name: 'Online stations' });
    await list.getByText('Seminyak Square').waitFor();
    // Offline (Double Six Beach) and maintenance (Waterbom Bali) stations are not listed as online.
    expect(await page.getByText('Double Six Beach').count()).toBe(0);
  });
});

describe('the host application path, browser to database', () => {
  async function fill(name: string) {
    await page.goto(local().web + '/#partner');
    const form = page.getByRole('form', { name: 'Host a station application' });
    await form.getByLabel('Business name').fill(name);
    await form.getByLabel('Contact name').fill('Wayan Test');
    await form.getByLabel('Email').fill('wayan@example.com');
    await form.getByLabel('Phone').fill('+62 811 222 333');
    await form.getByLabel('Business address').fill('Jl. Danau Tamblingan 5, Sanur');
    await form.getByLabel('Business type').selectOption('hotel');
    await form.getByLabel('Expected daily visitors').selectOption('300-500');
    return form;
  }

  it('stores a submitted application and shows the success banner', async () => {
    const form = await fill('Sanur Sunrise Hotel');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Application submitted successfully!').waitFor();
    expect(await form.getByLabel('Business name').inputValue()).toBe('');
    const stored = await hostRequestsNamed('Sanur Sunrise Hotel');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'pending', businessType: 'hotel' });
  });

  it('shows the failure banner and stores nothing when the server rejects the application', async () => {
    const form = await fill('Rejected Resort');
    // Bypass the browser's own required check, as a stale or hostile client would.
    await form.evaluate((f) => f.setAttribute('novalidate', ''));
    await form.getByLabel('Contact name').fill('');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Submission failed').waitFor();
    expect(await hostRequestsNamed('Rejected Resort')).toHaveLength(0);
  });
});
