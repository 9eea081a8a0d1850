import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { SEED_STATIONS } from '@infra/local/seed-stations';
import { FIRST_PAINT_SCRIPTS } from '@frontend/first-render';
import { PRERENDERED_PAGES } from '@shared/constants';
import { signInInBrowser } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { median } from './stats';

/**
 * Lighthouse's mobile profile (its "Slow 4G" preset with a 4x slower CPU), applied in Chromium through the DevTools
 * protocol: 150 ms added to every request, 1.6 Mbps down and 750 kbps up, both times 0.9 as Lighthouse's own
 * DevTools throttling does (1,474.56 and 675 kbps), and a 390 x 844 phone viewport (test/support/browser.ts, PHONE).
 */
export const MOBILE_PROFILE = {
  latencyMs: 150,
  downloadKbps: 1.6 * 1024 * 0.9,
  uploadKbps: 750 * 0.9,
  cpuSlowdown: 4,
} as const;

/**
 * How a page is served: as the build is deployed ('served': each public page its prerendered HTML, any other path the
 * empty shell) or, the baseline of a prerendered page, as before prerendering ('shell': the document answered by
 * /index.html).
 */
export type Variant = 'served' | 'shell';

/**
 * A page people reach first from outside the site (issue 35): a station's sticker, a receipt e-mail, sign-in links, a
 * host's flyer, the app reloaded by someone signed in. Measured as served only.
 */
export interface FirstPage {
  /** How the table names it (`/s/{id}`). */
  label: string;
  path: string;
  /** Signed in first (unthrottled), then the page is loaded again with the cache disabled. */
  signIn?: { username: string; password: string };
  /** When this element first shows, reported as readyMs: the app's balance and pay button. */
  ready?: string;
  /**
   * A second visit: the page is loaded once unthrottled with the service worker allowed, and measured when loaded
   * again once the worker controls it (its precache answers; the HTTP cache stays disabled).
   */
  secondVisit?: boolean;
}

export interface PageBench {
  /** The path, or a first page's label. */
  path: string;
  variant: Variant;
  /** Largest contentful paint, ms after navigation start (median of the runs). */
  lcpMs: number;
  /** Cumulative layout shift over the load and two seconds after (median of the runs). */
  cls: number;
  /**
   * JavaScript fetched before the page's first render (React's root created: hydrateRoot or createRoot, called once
   * the code of that render is loaded), gzip-compressed (level 6), in KiB (median of the runs).
   */
  initialJsKbGzip: number;
  /** Whether any of those scripts carried maplibre in any run. */
  maplibreInInitial: boolean;
  /** A first page's `ready` element shown, ms after navigation start (median of the runs). */
  readyMs?: number;
}

/**
 * Measures each prerendered public page (PRERENDERED_PAGES) on a web origin serving the production build (the local
 * CloudFront of `npm start`), under MOBILE_PROFILE, cold cache, service workers blocked: once as served, once with
 * the document request answered by /index.html, the empty shell, which is what every path got before prerendering;
 * then each of `firstPages` as served. `runs` loads of each, alternating the two variants, median of each figure;
 * `pages` (paths and first pages' labels) measures only those.
 */
export async function benchPublicPages(
  web: { origin: string; distDir: string },
  options: { runs?: number; log?: (line: string) => void; firstPages?: FirstPage[]; pages?: ReadonlySet<string> } = {},
): Promise<PageBench[]> {
  const browser = await launchBrowser();
  const runs = options.runs ?? 3;
  const results: PageBench[] = [];
  const report = (label: string, variant: Variant, list: Run[]) => {
    const bench: PageBench = {
      path: label,
      variant,
      lcpMs: Math.round(median(list.map((r) => r.lcpMs))),
      cls: Math.round(median(list.map((r) => r.cls)) * 1000) / 1000,
      initialJsKbGzip: Math.round(median(list.map((r) => r.initialJsKbGzip)) * 10) / 10,
      maplibreInInitial: list.some((r) => r.maplibreInInitial),
      ...(list[0]?.readyMs === undefined ? {} : { readyMs: Math.round(median(list.map((r) => r.readyMs!))) }),
    };
    const ready = bench.readyMs === undefined ? '' : `, ready ${bench.readyMs} ms`;
    options.log?.(`${label.padEnd(16)} ${variant.padEnd(6)} LCP ${bench.lcpMs} ms, CLS ${bench.cls}, initial JS ${bench.initialJsKbGzip} KB gzip${ready} (runs: ${list.map((r) => `${Math.round(r.lcpMs)} ms ${r.lcpElement}`).join('; ')})`);
    results.push(bench);
  };
  // Warm-up: the local CloudFront compresses a file on its first request and keeps it, as the edge does.
  const warm = async (files: string[]) => {
    for (const file of files) await (await fetch(web.origin + file, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
  };
  try {
    // A frame (every address of a pattern, /s/{id}; the app's home, signed in) is measured among the first pages.
    const chosen = (label: string) => !options.pages || options.pages.has(label);
    for (const path of Object.keys(PRERENDERED_PAGES).filter((page) => !Object.hasOwn(FIRST_PAINT_SCRIPTS, page) && chosen(page))) {
      await warm([path, '/index.html']);
      const measured: Record<Variant, Run[]> = { served: [], shell: [] };
      for (let i = 0; i < runs; i++) {
        for (const variant of ['served', 'shell'] as const) measured[variant].push(await measure(browser, web, { path, variant }));
      }
      for (const variant of ['served', 'shell'] as const) report(path, variant, measured[variant]);
    }
    for (const page of (options.firstPages ?? []).filter(({ label }) => chosen(label))) {
      await warm([page.path]);
      const measured: Run[] = [];
      for (let i = 0; i < runs; i++) measured.push(await measure(browser, web, { ...page, variant: 'served' }));
      report(page.label, 'served', measured);
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * The first pages of issue 35 that are not measured among PRERENDERED_PAGES (the sign-in screens and the host's page,
 * exact paths, are), on a local stack that simulates the first online seeded station (`stationFleet: 1`): its
 * sticker's page and the receipt of a guest order paid there (QRIS in the sandbox), each a page of a pattern of
 * PRERENDERED_PAGES, and the app's home reloaded by the seeded user (ready: the balance, shown with the pay button).
 */
export async function issueFirstPages(web: string, accounts: { username: string; password: string; role: string }[]): Promise<FirstPage[]> {
  const stationId = SEED_STATIONS.find((s) => s.status === 'online')!.id;
  const ordered = await fetch(`${web}/api/guest/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ stationId, volumeMl: 500, paymentMethod: 'qris' }),
  });
  if (!ordered.ok) throw new Error(`A guest order at ${stationId} answered ${ordered.status}: ${await ordered.text()}`);
  const { receiptPath } = (await ordered.json()) as { receiptPath: string };
  const user = accounts.find((a) => a.role === 'user')!;
  return [
    { label: '/s/{id}', path: `/s/${stationId}` },
    { label: '/r/{id}', path: receiptPath },
    { label: '/app (signed in)', path: '/app', signIn: user, ready: '[data-testid="balance"]' },
    { label: '/app (second visit)', path: '/app', signIn: user, ready: '[data-testid="balance"]', secondVisit: true },
  ];
}

interface Run {
  lcpMs: number;
  /** The largest contentful paint's element: its tag and the start of its text. */
  lcpElement: string;
  cls: number;
  initialJsKbGzip: number;
  maplibreInInitial: boolean;
  readyMs?: number;
}

async function measure(browser: Browser, web: { origin: string; distDir: string }, { path, variant, signIn, ready, secondVisit }: Omit<FirstPage, 'label'> & { variant: Variant }): Promise<Run> {
  const context = await newContext(browser, { ...PHONE, locale: 'en-US', ...(secondVisit ? { serviceWorkers: 'allow' as const } : {}) });
  try {
    const page = await context.newPage();
    if (signIn) await signInInBrowser(page, signIn.username, signIn.password, web.origin);
    if (secondVisit) {
      // The first visit installs the worker and its precache; `ready` resolves once it is active, and with
      // clientsClaim it takes this page, so the next load goes through it.
      await page.goto(web.origin + path, { waitUntil: 'load' });
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Cold cache: nothing the sign-in loaded is reused (the session's tokens in localStorage are).
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_PROFILE.latencyMs,
      downloadThroughput: (MOBILE_PROFILE.downloadKbps * 1024) / 8,
      uploadThroughput: (MOBILE_PROFILE.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
    // Both variants' documents go through the same interception (it costs a little), one of them to the shell; the
    // request still crosses the throttled network.
    const documentUrl = web.origin + path;
    await page.route(
      (url) => url.href === documentUrl,
      (route) => (variant === 'shell' ? route.continue({ url: `${web.origin}/index.html` }) : route.continue()),
    );
    // The map's online tiles (tile.openstreetmap.org) are out of reach here; they are not part of the first paint.
    await page.route(/^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//, (route) => route.fulfill({ status: 204 }));
    await page.addInitScript((selector) => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number; __rendered: number; __ready: number };
      w.__ready = 0;
      if (selector) {
        const seen = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          w.__ready = performance.now();
          seen.disconnect();
        });
        seen.observe(document, { childList: true, subtree: true });
      }
      w.__lcp = 0;
      w.__lcpElement = '';
      w.__cls = 0;
      w.__rendered = 0;
      // React marks the root element when main.tsx mounts the first render (src/mount.ts), after that render's code loaded.
      const poll = setInterval(() => {
        const root = document.getElementById('root');
        if (root && Object.keys(root).some((key) => key.startsWith('__reactContainer'))) {
          w.__rendered = performance.now();
          clearInterval(poll);
        }
      }, 5);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
          w.__lcp = entry.startTime;
          w.__lcpElement = entry.element ? `<${entry.element.tagName.toLowerCase()}> ${(entry.element.textContent ?? '').trim().slice(0, 30)}` : '(removed)';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, ready ?? '');
    await page.goto(documentUrl, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.waitForTimeout(2000);
    const result = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number; __rendered: number; __ready: number };
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname) && new URL(r.name).origin === location.origin && r.responseEnd <= w.__rendered)
        .map((r) => new URL(r.name).pathname);
      return { scripts, lcp: w.__lcp, lcpElement: w.__lcpElement, cls: w.__cls, rendered: w.__rendered, ready: w.__ready };
    });
    if (!result.rendered) throw new Error(`${path} (${variant}): React never rendered the page`);
    if (ready && !result.ready) throw new Error(`${path}: ${ready} never showed (${await pageText(page)})`);
    const files = result.scripts.map((script) => {
      const bytes = readFileSync(join(web.distDir, decodeURIComponent(script)));
      return { kbGzip: gzipSync(bytes, { level: 6 }).length / 1024, maplibre: bytes.includes('maplibregl-canvas') };
    });
    return {
      lcpMs: result.lcp,
      lcpElement: result.lcpElement,
      cls: result.cls,
      initialJsKbGzip: files.reduce((sum, f) => sum + f.kbGzip, 0),
      maplibreInInitial: files.some((f) => f.maplibre),
      ...(ready ? { readyMs: result.ready } : {}),
    };
  } finally {
    await context.close();
  }
}

const pageText = async (page: Page) => `at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 200)}`;
