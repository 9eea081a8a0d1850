import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { newAccount, signInInBrowser } from '../support/auth';
import { DESKTOP, launchBrowser, newContext, painted, PHONE } from '../support/browser';
import { local } from '../support/local';

/** Issue 3: installable PWA, on the production build the local cloud serves as CloudFront does. */

let browser: Browser;
let origin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  origin = local().web!;
});
afterAll(async () => {
  await browser?.close();
});

describe('the installable app', () => {
  it('has a web manifest with icons and a service worker that precaches the shell and the maplibre worker', async () => {
    const html = await (await fetch(origin + '/')).text();
    expect(html).toMatch(/<link rel="manifest" href="\/manifest.webmanifest"/);
    expect(html).toContain('registerSW.js');
    const manifest = await (await fetch(origin + '/manifest.webmanifest')).json() as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Bali Refill', display: 'standalone', start_url: '/' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png')!;
      const bytes = Buffer.from(await (await fetch(origin + icon.src)).arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(bytes.readUInt32BE(16)).toBe(Number(size.split('x')[0]));
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    const sw = readFileSync(join(local().webBuild!, 'sw.js'), 'utf8');
    expect(sw).toMatch(/maplibre-gl-worker-[\w-]+\.mjs/);
    expect(sw).toContain('index.html');
    expect(sw).toContain('docs/user-flow.md');
    expect(sw).toContain('api-machines');
  });

  it('works offline: the offline banner shows and the stations page still lists the last stations', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US', serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(origin + '/stations');
    await page.getByRole('heading', { name: 'Seminyak Square' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    // Once the worker controls the page, the station list goes through its cache.
    await page.reload();
    await page.getByRole('heading', { name: 'Seminyak Square' }).waitFor();
    await page.waitForFunction(async () => (await (await caches.open('api-machines')).keys()).length > 0);
    expect(await page.getByText('Offline Mode Active').count()).toBe(0);

    // Only the service worker may answer now: the copy in localStorage is removed.
    await page.evaluate(() => localStorage.removeItem('bali-refill.machines'));
    await context.setOffline(true);
    await page.getByText('Offline Mode Active').waitFor();
    expect(await page.getByText('Limited functionality available').count()).toBe(1);
    // The network is really gone for anything not cached.
    expect(await page.evaluate(() => fetch('/api/machines/HRL-00001').then(() => 'reached', () => 'failed'))).toBe('failed');

    // Reloaded offline, Chromium may say navigator.onLine again: the failed request for /config.json shows the banner.
    await page.reload();
    await page.getByText('Offline Mode Active').waitFor();
    await page.getByRole('heading', { name: 'Seminyak Square' }).waitFor();
    expect(Number((await page.getByTestId('station-count').innerText()).match(/\d+/)![0])).toBeGreaterThan(20);
    // Client-side navigation to other pages works from the precache too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await page.getByRole('heading', { name: 'Our Impact So Far' }).waitFor();

    await context.setOffline(false);
    await page.getByText('Offline Mode Active').waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);
});

describe('the offline station list without a service worker', () => {
  it('falls back to the last list saved in this browser when the network fails', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(local().web + '/stations');
    await page.getByRole('heading', { name: 'Seminyak Square' }).waitFor();
    for (const path of [STATION_LIST_SNAPSHOT_PATH, '/api/machines']) await page.route(`**${path}`, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByRole('heading', { name: 'Seminyak Square' }).waitFor();
    expect(await page.getByText('Stations could not be loaded').count()).toBe(0);
    await context.close();
  });
});

describe('the install banner', () => {
  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
      event.prompt = async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  it('appears when the browser offers installation, prompts on Install, and a dismissal is remembered', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(local().web + '/');
    await page.getByRole('link', { name: 'Start for free' }).waitFor();
    expect(await page.getByRole('region', { name: 'Install Bali Refill' }).count()).toBe(0);

    expect(await offerInstall(page)).toBe(true);
    const banner = page.getByRole('region', { name: 'Install Bali Refill' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Install', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);

    await offerInstall(page);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Dismiss the install banner' }).click();
    await banner.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('link', { name: 'Start for free' }).waitFor();
    // The app took the offer (and would have rendered its banner by the next paints).
    expect(await offerInstall(page)).toBe(true);
    await painted(page);
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});

describe("the app's home on a second visit", () => {
  it("answers a second visit to the app's home with its frame from the cache, which shows the balance before the app's code", async () => {
    const account = await newAccount('pwa-second-visit');
    const context = await newContext(browser, { ...PHONE, locale: 'en-US', serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInInBrowser(page, account.email, account.password, origin);
    await page.goto(origin + '/app');
    await page.getByTestId('balance').waitFor();
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null);

    const second = await page.reload();
    // The worker's copy of app.html (the frame filled by its inline script), not the shell that waits for the whole app.
    expect(second!.fromServiceWorker()).toBe(true);
    expect(await second!.text()).toContain('<div id="root" data-first-paint>');
    await page.getByTestId('balance').waitFor();
    await context.close();
  }, 120_000);
});
