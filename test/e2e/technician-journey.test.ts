import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSignInAtSignin } from '../support/auth';
import { PHONE, launchBrowser, newContext } from '../support/browser';
import { local } from '../support/local';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from '../integration/stations-support';

/**
 * The technician's journey (issue 36, items 7 and 12): signed in at /signin on a phone, the stations as cards, "Today's
 * route" in the order to drive it from where the technician stands (an empty station first, though a low one is
 * nearer), the Maps route in that order, and a check-in refused from afar with the reason, then made at the station.
 * The route's stations stand some 45 km north of every seeded one, so they are the nearest of their groups.
 */
const TECHNICIAN = { latitude: -8.0, longitude: 115.5 };
const STOPS = [
  { key: 'lowNear', latitude: -8.005, waterLevel: 10 },
  { key: 'emptyFar', latitude: -8.03, waterLevel: 0 },
] as const;

let browser: Browser;
const stations: Partial<Record<(typeof STOPS)[number]['key'], Provisioned>> = {};

beforeAll(async () => {
  await workerServices();
  for (const stop of STOPS) {
    // Provisioned at the route's place, and reporting its water level.
    const p = await provision(`Route ${stop.key} ${Date.now() % 100_000}`, 'online', { latitude: String(stop.latitude), longitude: String(TECHNICIAN.longitude) });
    const station = await stationFor(p);
    await station.connect();
    await station.heartbeat({ waterLevel: stop.waterLevel, quality: { tdsPpm: 40, temperatureC: 27 }, counters: { dispensedMl: 0, vends: 0, failures: 0 } });
    await waitFor(async () => (await workerServices()).machines.get(p.machine.id), (m) => m?.waterLevel === stop.waterLevel);
    stations[stop.key] = p;
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeStations();
});

const TEXTS = {
  en: { machines: 'Machines', route: "Today's route", fromYou: /km from you in a straight line$/, checkIn: 'Check in', checkedIn: /^Checked in at /, tooFar: /^You are about \d+ m from this station: check in within 150 m of it$/ },
  id: { machines: 'Mesin', route: 'Rute hari ini', fromYou: /km dari Anda dalam garis lurus$/, checkIn: 'Lapor hadir', checkedIn: /^Kehadiran tercatat pukul /, tooFar: /^Anda sekitar \d+ m dari stasiun ini: lapor hadir dalam jarak 150 m darinya$/ },
} as const;

describe("the technician's journey at 390 px", { timeout: 150_000 }, () => {
  for (const language of ['en', 'id'] as const) {
    it(`signs in at /signin, drives today's route in order and checks in only at the station (${language})`, async () => {
      const t = TEXTS[language];
      const context = await newContext(browser, { ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID', geolocation: TECHNICIAN, permissions: ['geolocation'] });
      const page = await context.newPage();
      await staffSignInAtSignin(page, 'technician', language, '/admin');

      // The stations as cards: each one's water level and last seen inside the phone's width, nothing scrolls sideways.
      const cards = page.getByRole('list', { name: t.machines });
      const empty = cards.getByRole('listitem').filter({ hasText: stations.emptyFar!.machine.id });
      await empty.getByText('0%', { exact: true }).waitFor();
      const right = await empty.locator('dd').evaluateAll((values) => values.map((v) => v.getBoundingClientRect().right));
      expect(right).toHaveLength(2);
      for (const edge of right) expect(edge).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Today's route from where the technician stands: the empty station first, though the low one is nearer.
      await page.getByRole('link', { name: t.route }).click();
      const route = page.getByRole('list', { name: t.route });
      const first = route.getByRole('listitem').first();
      await first.getByText(stations.emptyFar!.machine.id, { exact: false }).waitFor();
      await first.getByText(t.fromYou).waitFor();
      const order = await route.getByRole('listitem').allTextContents();
      const at = (id: string) => order.findIndex((text) => text.includes(id));
      expect(at(stations.emptyFar!.machine.id)).toBe(0);
      expect(at(stations.lowNear!.machine.id)).toBeGreaterThan(0);
      // Google Maps drives the same order: the empty station is the first stop.
      const maps = new URL((await page.getByRole('link', { name: /Google Maps/ }).getAttribute('href'))!);
      expect((maps.searchParams.get('waypoints') ?? maps.searchParams.get('destination'))!.split('|')[0]).toBe(`-8.03,${TECHNICIAN.longitude}`);

      // At the empty station's page, from where the technician still stands 3 km away: refused, saying why.
      await page.goto(`${local().web}/s/${stations.emptyFar!.machine.id}`);
      await page.getByRole('button', { name: t.checkIn }).click();
      await page.getByRole('alert').filter({ hasText: t.tooFar }).waitFor();
      // At the station it is recorded.
      await context.setGeolocation({ latitude: -8.0301, longitude: TECHNICIAN.longitude });
      await page.getByRole('button', { name: t.checkIn }).click();
      await page.getByRole('status').filter({ hasText: t.checkedIn }).waitFor();
      await context.close();
    });
  }
});
