import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAlerts } from '@functions/fleet/adapters/dynamodb/alerts';
import { currentCode, seededAccount } from '../support/auth';
import { PHONE, launchBrowser, newContext } from '../support/browser';
import { local, testDb } from '../support/local';
import { provision, workerServices, type Provisioned } from '../integration/stations-support';

/**
 * The admin's journey (issue 36, item 12): the administrator signs in at /signin on a 390 px phone with password and
 * authenticator code, in English and in Bahasa Indonesia, finds a station among the console's cards by its code,
 * opens it, and acknowledges the station's open alert from the header's Alerts link. Nothing scrolls sideways.
 */
const TEXTS = {
  en: {
    signIn: 'Sign in', password: 'Password', codeForm: 'Enter your code', code: 'Code from your authenticator app', machines: 'Machines', search: 'Search machines',
    alerts: /^Alerts: \d+ open$/, station: 'Station ID', acknowledge: 'Acknowledge', acknowledged: /Acknowledged by admin/,
  },
  id: {
    signIn: 'Masuk', password: 'Kata sandi', codeForm: 'Masukkan kode Anda', code: 'Kode dari aplikasi autentikator', machines: 'Mesin', search: 'Cari mesin',
    alerts: /^Peringatan: \d+ terbuka$/, station: 'ID stasiun', acknowledge: 'Tandai ditangani', acknowledged: /Ditangani oleh admin/,
  },
} as const;

let browser: Browser;
const stations: Partial<Record<keyof typeof TEXTS, Provisioned>> = {};

beforeAll(async () => {
  await workerServices();
  const { db, tableName } = testDb();
  for (const language of ['en', 'id'] as const) {
    const name = `Journey Alert ${language} ${Date.now() % 100_000}`;
    const station = await provision(name);
    // An open low-water alert, as a heartbeat opens it; due in an hour, so the stack's sweep leaves it alone meanwhile.
    expect(await new DynamoAlerts(db, tableName).open({
      stationId: station.machine.id, stationName: name, rule: 'lowWater', status: 'open', detail: 'Water level 7% (below 15%)',
      openedAt: new Date(Date.now() - 5 * 60_000).toISOString(), notifications: 0, nextNotifyAt: new Date(Date.now() + 3_600_000).toISOString(),
    })).toBe(true);
    stations[language] = station;
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the admin's journey at 390 px", () => {
  for (const language of ['en', 'id'] as const) {
    it(`signs in at /signin with a code, finds a station among the cards and acknowledges its alert (${language})`, async () => {
      const t = TEXTS[language];
      const station = stations[language]!.machine;
      const context = await newContext(browser, { ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID' });
      await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
      const page = await context.newPage();
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

      // Signs in where anyone does: the password, then the authenticator's code on the same screen.
      const admin = seededAccount('admin');
      await page.goto(`${local().web}/signin`);
      const form = page.getByRole('form', { name: t.signIn });
      await form.getByLabel('E-mail').fill(admin.username);
      await form.getByLabel(t.password, { exact: true }).fill(admin.password);
      await form.getByRole('button', { name: t.signIn }).click();
      const codeForm = page.getByRole('form', { name: t.codeForm });
      await codeForm.getByLabel(t.code).fill(currentCode());
      await codeForm.getByRole('button', { name: t.signIn }).click();
      await page.waitForURL((url) => url.pathname === '/admin');

      // The stations are cards on a phone, the wide table is not shown; the search finds one by its code.
      const cards = page.getByRole('list', { name: t.machines });
      await cards.getByRole('listitem').first().waitFor();
      expect(await page.getByRole('table', { name: t.machines }).isVisible()).toBe(false);
      await page.getByRole('searchbox', { name: t.search }).fill(station.id);
      await expect.poll(() => cards.getByRole('listitem').count()).toBe(1);
      const card = cards.getByRole('listitem').first();
      await card.getByText(station.id, { exact: true }).waitFor();
      expect(await sideways()).toBe(0);

      // Opens it.
      await card.getByRole('link', { name: station.name }).click();
      await page.waitForURL((url) => url.pathname === `/admin/stations/${station.id}`);
      await page.getByRole('heading', { name: station.name }).waitFor();
      expect(await sideways()).toBe(0);

      // Back on the dashboard, the header's Alerts link; the station's alert, acknowledged.
      await page.goBack();
      await page.getByRole('link', { name: t.alerts }).click();
      await page.waitForURL((url) => url.pathname === '/admin/alerts');
      await page.getByLabel(t.station).fill(station.id);
      await page.getByLabel(t.station).press('Enter');
      const row = page.getByRole('listitem').filter({ hasText: station.id });
      await expect.poll(() => row.count()).toBe(1);
      expect(await sideways()).toBe(0);
      await row.getByRole('button', { name: t.acknowledge }).click();
      await expect.poll(() => row.innerText()).toMatch(t.acknowledged);
      expect(await sideways()).toBe(0);
      await context.close();
    }, 150_000);
  }
});
