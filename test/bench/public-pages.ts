import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { PRERENDERED_PAGES } from '@shared/constants';
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

/** How a page is served: as the build is deployed (each public page its prerendered HTML) or as before (the empty shell). */
export type Variant = 'prerendered' | 'shell';

export interface PageBench {
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
}

/**
 * Measures each prerendered public page (PRERENDERED_PAGES) on a web origin serving the production build (the local
 * CloudFront of `npm start`), under MOBILE_PROFILE, cold cache, service workers blocked: once as served, once with
 * the document request answered by /index.html, the empty shell, which is what every path got before prerendering.
 * `runs` loads of each, alternating the two, median of each figure.
 */
export async function benchPublicPages(web: { origin: string; distDir: string }, options: { runs?: number; log?: (line: string) => void } = {}): Promise<PageBench[]> {
  const browser = await launchBrowser();
  try {
    const results: PageBench[] = [];
    for (const path of Object.keys(PRERENDERED_PAGES)) {
      // Warm-up: the local CloudFront compresses a file on its first request and keeps it, as the edge does.
      for (const file of [path, '/index.html']) await (await fetch(web.origin + file, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
      const runs: Record<Variant, Run[]> = { prerendered: [], shell: [] };
      for (let i = 0; i < (options.runs ?? 3); i++) {
        for (const variant of ['prerendered', 'shell'] as const) runs[variant].push(await measure(browser, web, path, variant));
      }
      for (const variant of ['prerendered', 'shell'] as const) {
        const list = runs[variant];
        const bench: PageBench = {
          path,
          variant,
          lcpMs: Math.round(median(list.map((r) => r.lcpMs))),
          cls: Math.round(median(list.map((r) => r.cls)) * 1000) / 1000,
          initialJsKbGzip: Math.round(median(list.map((r) => r.initialJsKbGzip)) * 10) / 10,
          maplibreInInitial: list.some((r) => r.maplibreInInitial),
        };
        options.log?.(`${path.padEnd(11)} ${variant.padEnd(11)} LCP ${bench.lcpMs} ms, CLS ${bench.cls}, initial JS ${bench.initialJsKbGzip} KB gzip (runs: ${list.map((r) => `${Math.round(r.lcpMs)} ms ${r.lcpElement}`).join('; ')})`);
        results.push(bench);
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

interface Run {
  lcpMs: number;
  /** The largest contentful paint's element: its tag and the start of its text. */
  lcpElement: string;
  cls: number;
  initialJsKbGzip: number;
  maplibreInInitial: boolean;
}

async function measure(browser: Browser, web: { origin: string; distDir: string }, path: string, variant: Variant): Promise<Run> {
  const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
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
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number; __rendered: number };
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
    });
    await page.goto(documentUrl, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.waitForTimeout(2000);
    const result = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number; __rendered: number };
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname) && new URL(r.name).origin === location.origin && r.responseEnd <= w.__rendered)
        .map((r) => new URL(r.name).pathname);
      return { scripts, lcp: w.__lcp, lcpElement: w.__lcpElement, cls: w.__cls, rendered: w.__rendered };
    });
    if (!result.rendered) throw new Error(`${path} (${variant}): React never rendered the page`);
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
    };
  } finally {
    await context.close();
  }
}
