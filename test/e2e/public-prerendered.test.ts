import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '@shared/constants';
import { FIRST_PAINT_SCRIPTS } from '@frontend/first-render';
import { signInInBrowser } from '../support/auth';
import { DESKTOP, followRequests, launchBrowser, networkSettled, newContext, PHONE, phonePage } from '../support/browser';
import { local } from '../support/local';

/**
 * Issue 18 item 4 (docs/architecture.md, "Prerendered public pages"): each public page's first HTML response holds
 * the page, and the browser hydrates it (adopts that markup) without a hydration error, in English and in Indonesian.
 */

/** Each prerendered page's main heading, in English (the language of the build) and in Indonesian. */
const HEADINGS: Record<string, { en: string; id: string }> = {
  '/': { en: 'Clean water for your bottle, anywhere in Bali', id: 'Air bersih untuk botol Anda, di mana saja di Bali' },
  '/stations': { en: 'Water Refill Stations', id: 'Stasiun Isi Ulang Air' },
  '/about': { en: 'About', id: 'Tentang' },
  '/docs': { en: 'Documentation', id: 'Dokumentasi' },
  '/diagram': { en: 'IoT System Architecture', id: 'Arsitektur Sistem IoT' },
  '/user-flow': { en: 'User Flow', id: 'Alur Pengguna' },
  '/api-docs': { en: 'API documentation', id: 'Dokumentasi API' },
  '/signin': { en: 'Welcome back', id: 'Selamat datang kembali' },
  '/signup': { en: 'Create your account', id: 'Buat akun Anda' },
  '/forgot-password': { en: 'Forgot your password?', id: 'Lupa kata sandi?' },
  // A host's page, signed out: its way in.
  '/host': { en: 'Welcome back', id: 'Selamat datang kembali' },
};

let browser: Browser;
let origin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  origin = local().web!;
});
afterAll(async () => browser?.close());

/** The text of the first <h1> of an HTML document, tags stripped. */
const firstHeading = (html: string) => /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim();

describe('the prerendered HTML', () => {
  it('is the first response of every public page, without JavaScript, headed by the page heading', async () => {
    // The frames (/s/{id}, the app's home) have tests of their own (station-first-paint.test.ts, app-first-paint.test.ts).
    expect(Object.keys(HEADINGS).sort()).toEqual(Object.keys(PRERENDERED_PAGES).filter((path) => !Object.hasOwn(FIRST_PAINT_SCRIPTS, path)).sort());
    for (const [path, heading] of Object.entries(HEADINGS)) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/html');
      const html = await response.text();
      expect(firstHeading(html), path).toBe(heading.en);
      // The same shell around it: the entry script, so the page hydrates.
      expect(html, path).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    }
  });

  it('is not what other paths get: they fall back to the empty shell', async () => {
    for (const path of ['/app/history', '/about/', '/stations/nowhere']) {
      const html = await (await fetch(origin + path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  it('paints with JavaScript off: the heading is on screen', async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      for (const [path, heading] of Object.entries(HEADINGS)) {
        await page.goto(origin + path);
        const h1 = page.locator('h1').first();
        expect(await h1.innerText(), path).toBe(heading.en);
        expect(await h1.isVisible(), path).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});

/** Opens a page and waits until React has hydrated it; returns what the console and the page reported as errors. */
async function openHydrated(context: BrowserContext, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = followRequests(await context.newPage());
  const errors: string[] = [];
  // The map's tiles come from the internet (tile.openstreetmap.org), which this machine may not reach: not the page's fault.
  await page.route(/^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//, (route) => route.fulfill({ status: 204 }));
  page.on('console', (message) => message.type() === 'error' && errors.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  // The heading element the browser parsed from the HTML, before any script ran.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => ((window as unknown as { __parsedHeading: Element | null }).__parsedHeading = document.querySelector('h1')));
  });
  await page.goto(origin + path);
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  await networkSettled(page);
  return { page, errors };
}

/** Whether the heading on screen is still the element parsed from the prerendered HTML (React adopted it, not replaced it). */
const headingAdopted = (page: Page) => page.evaluate(() => document.querySelector('h1') === (window as unknown as { __parsedHeading: Element | null }).__parsedHeading);

// Concurrently: each test in its own context of the one browser.
describe.concurrent('hydration in Chromium', () => {
  it('adopts every page without a hydration error (English visitor, phone)', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    try {
      for (const [path, heading] of Object.entries(HEADINGS)) {
        const { page, errors } = await openHydrated(context, path);
        expect(errors, path).toEqual([]);
        expect(await headingAdopted(page), path).toBe(true);
        expect(await page.locator('h1').first().innerText(), path).toBe(heading.en);
        await page.close();
      }
      // The station list arrives after hydration and replaces the loading state.
      const { page } = await openHydrated(context, '/stations');
      await page.getByRole('heading', { name: 'Seminyak Square' }).waitFor();
      await page.close();
    } finally {
      await context.close();
    }
  });

  it('adopts every page for an Indonesian visitor, then shows it in Indonesian', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'id-ID' });
    try {
      for (const [path, heading] of Object.entries(HEADINGS)) {
        const { page, errors } = await openHydrated(context, path);
        await page.locator('h1').first().filter({ hasText: heading.id }).waitFor();
        expect(errors, path).toEqual([]);
        expect(await headingAdopted(page), path).toBe(true);
        expect(await page.evaluate(() => document.documentElement.lang), path).toBe('id');
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it('keeps a follow-on sign-in link on the landing page: ?redirect= is applied after hydration', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    try {
      const { page, errors } = await openHydrated(context, '/?redirect=%2Fapp%2Fhistory');
      expect(errors).toEqual([]);
      await page.waitForFunction(() => document.querySelector('a[href^="/signup"]')?.getAttribute('href')?.includes('history'));
      expect(await page.locator('a[href^="/signup"]').first().getAttribute('href')).toBe('/signup?redirect=%2Fapp%2Fhistory');
    } finally {
      await context.close();
    }
  });
});

describe('the router-free first render (docs/architecture.md, "Router-free first render")', () => {
  it('loads neither the router nor zod before the first render, and hands a followed link over to the router without a reload', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    try {
      const { page, errors } = await openHydrated(context, '/about');
      expect(errors).toEqual([]);
      // The chunk names of the build: the router's and the route table's (with zod) are not fetched by a page at rest.
      const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')));
      expect((await scripts()).filter((p) => /\/(router|client|api)-[\w-]+\.js$/.test(p))).toEqual([]);
      await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
      await page.getByRole('banner').getByRole('link', { name: 'Stations', exact: true }).click();
      await page.waitForURL(`${origin}/stations`);
      await page.getByRole('heading', { level: 1, name: 'Water Refill Stations' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      expect((await scripts()).some((p) => /\/router-[\w-]+\.js$/.test(p))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('hydrates the landing page\'s parts below the fold: the partner form accepts typing, the stations section lists the seed', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    try {
      const { page, errors } = await openHydrated(context, '/');
      await page.getByRole('list', { name: 'Online stations' }).getByText('Seminyak Square').waitFor();
      const name = page.locator('#partner').getByRole('textbox').first();
      await name.fill('Warung Test');
      expect(await name.inputValue()).toBe('Warung Test');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the sign-in screens as router-free pages', () => {
  it('read ?email= and ?redirect= once hydrated, and send someone signed in already straight on', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    try {
      const { page, errors } = await openHydrated(context, '/forgot-password?email=wayan%40bali-refill.test&redirect=%2Fapp%2Fhistory');
      const email = page.getByRole('form', { name: 'Request a reset code' }).getByLabel('E-mail');
      await page.waitForFunction(() => (document.querySelector('input[name="email"]') as HTMLInputElement | null)?.value === 'wayan@bali-refill.test');
      expect(await email.inputValue()).toBe('wayan@bali-refill.test');
      expect(await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin?email=wayan%40bali-refill.test&redirect=%2Fapp%2Fhistory');
      expect(errors).toEqual([]);
      // Signed in (the password flow of the prerendered /signin hands over to the router), /signin goes on to the app.
      const user = local().cognito.accounts.find((a) => a.role === 'user')!;
      await signInInBrowser(page, user.username, user.password, origin);
      await page.goto(origin + '/signin?redirect=%2Fapp%2Fhistory');
      await page.waitForURL(`${origin}/app/history`);
    } finally {
      await context.close();
    }
  });
});

describe("the prerendered forms before the app's code", () => {
  it('stay disabled until the code that sends them runs: a tap cannot submit them natively, the password in the address', async () => {
    const page = await phonePage(browser, 'en', { appCode: false });
    try {
      for (const [path, form] of [['/signin', 'Sign in'], ['/signup', 'Create your account'], ['/forgot-password', 'Request a reset code'], ['/host', 'Sign in'], ['/', 'Host a station application']] as const) {
        await page.goto(origin + path);
        const fields = page.getByRole('form', { name: form }).locator('input, button');
        expect(await fields.count(), path).toBeGreaterThan(1);
        for (const field of await fields.all()) expect(await field.isDisabled(), `${path}: ${await field.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBe(true);
      }
    } finally {
      await page.context().close();
    }
  });
});

describe('the service worker', () => {
  it('serves the prerendered pages from its precache, the shell for other paths', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US', serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => ((window as unknown as { __parsedHeading: string | null }).__parsedHeading = document.querySelector('h1')?.textContent ?? null));
      });
      await page.goto(origin + '/about');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      });
      // Offline, only the worker answers: the heading is in the HTML it serves before any script ran.
      await context.setOffline(true);
      const parsedHeading = () => page.evaluate(() => (window as unknown as { __parsedHeading: string | null }).__parsedHeading);
      for (const path of ['/', '/about', '/api-docs']) {
        await page.goto(origin + path);
        expect(await parsedHeading(), path).toBe(HEADINGS[path]!.en);
      }
      await page.goto(origin + '/app/history');
      expect(await parsedHeading()).toBeNull();
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  }, 120_000);
});
