import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, preview } from 'vite';
import { freePort } from '../../infra/local/net';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack';
import { DESKTOP, launchBrowser, newContext } from '../support/browser';

const CONFIG = resolve(REPO_ROOT, 'frontend/vite.config.ts');

/** Production build of the web app into `outDir` (the same config `npm run build` uses). */
export async function buildWeb(outDir: string) {
  await build({ configFile: CONFIG, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

/** `vite preview` of a build on a free port, with /api proxied to a running gateway (one origin, as in the cloud). */
export async function previewWeb(outDir: string, apiOrigin: string) {
  const port = await freePort();
  const server = await preview({
    configFile: CONFIG,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, proxy: { '/api/': { target: apiOrigin, changeOrigin: false } } },
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.httpServer.close(() => done())),
  };
}

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
 * Builds the web app, serves the build with the API of a started local stack, and measures the landing
 * page in headless Chromium (desktop viewport, no throttling, service workers blocked, cold cache).
 */
export async function benchLanding(options: { apiOrigin?: string; runs?: number } = {}): Promise<LandingBench> {
  const outDir = mkdtempSync(join(tmpdir(), 'refill-bench-'));
  const stack = options.apiOrigin ? null : await startLocalStack({ webPort: null });
  const apiOrigin = options.apiOrigin ?? stack!.outputs.api;
  let server: Awaited<ReturnType<typeof previewWeb>> | null = null;
  const browser = await launchBrowser();
  try {
    await buildWeb(outDir);
    server = await previewWeb(outDir, apiOrigin);
    const runs: LandingBench[] = [];
    for (let i = 0; i < (options.runs ?? 3); i++) runs.push(await measure(browser, server.origin, outDir));
    // Report the median LCP run; sizes are the same on every run.
    runs.sort((a, b) => a.lcpMs - b.lcpMs);
    return runs[Math.floor(runs.length / 2)]!;
  } finally {
    await browser.close();
    await server?.close();
    await stack?.stop();
    rmSync(outDir, { recursive: true, force: true });
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
