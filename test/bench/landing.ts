import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../../infra/local/net';
import { startLocalStack } from '../../infra/local/stack';
import { DESKTOP, launchBrowser, newContext } from '../support/browser';

export interface LandingBench {
  /** JavaScript fetched before the load event, gzip-compressed (level 6), in KiB. */
  initialJsKbGzip: number;
  /** Whether any of those scripts carries maplibre. */
  maplibreInInitial: boolean;
  /** Largest contentful paint, ms after navigation start. */
  lcpMs: number;
  /** Cumulative layout shift over the load and two seconds after. */
  cls: number;
  /** The initial scripts, for the curious. */
  scripts: { file: string; kbGzip: number }[];
}

/**
 * Measures the landing page as `npm start` serves it (the production build behind the local CloudFront, with the
 * site's headers) in headless Chromium (desktop viewport, no throttling, service workers blocked, cold cache): on a
 * running local cloud's web origin, or on one started here.
 */
export async function benchLanding(options: { web?: { origin: string; distDir: string }; runs?: number } = {}): Promise<LandingBench> {
  const stack = options.web ? null : await startLocalStack({ webPort: await freePort() });
  const web = options.web ?? { origin: stack!.outputs.web!, distDir: stack!.outputs.webBuild! };
  const browser = await launchBrowser();
  try {
    const runs: LandingBench[] = [];
    for (let i = 0; i < (options.runs ?? 3); i++) runs.push(await measure(browser, web.origin, web.distDir));
    // Report the median LCP run; sizes are the same on every run.
    runs.sort((a, b) => a.lcpMs - b.lcpMs);
    return runs[Math.floor(runs.length / 2)]!;
  } finally {
    await browser.close();
    await stack?.stop();
  }
}

async function measure(browser: Awaited<ReturnType<typeof launchBrowser>>, origin: string, outDir: string): Promise<LandingBench> {
  const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      w.__lcp = 0;
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(origin + '/', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    const result = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname) && r.responseEnd <= nav.loadEventStart)
        .map((r) => new URL(r.name).pathname);
      const w = window as unknown as { __lcp: number; __cls: number };
      return { scripts, lcp: w.__lcp, cls: w.__cls };
    });
    const files = result.scripts.map((path) => {
      const bytes = readFileSync(join(outDir, decodeURIComponent(path)));
      return { file: path, kbGzip: gzipSync(bytes, { level: 6 }).length / 1024, maplibre: bytes.includes('maplibregl-canvas') };
    });
    return {
      initialJsKbGzip: round(files.reduce((sum, f) => sum + f.kbGzip, 0)),
      maplibreInInitial: files.some((f) => f.maplibre),
      lcpMs: Math.round(result.lcp),
      cls: Math.round(result.cls * 1000) / 1000,
      scripts: files.map((f) => ({ file: f.file, kbGzip: round(f.kbGzip) })),
    };
  } finally {
    await context.close();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
