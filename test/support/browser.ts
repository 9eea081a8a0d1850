import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type Download, type Locator, type Page, type Request } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return {
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  };
};

/** One Chromium for a whole test run (test/support/global-setup.ts); null without Chromium (the e2e files then say so). */
export async function launchBrowserServer(): Promise<BrowserServer | null> {
  return existsSync(CHROMIUM) ? chromium.launchServer(launchOptions()) : null;
}

/**
 * Debian's Chromium through playwright-core, with the flags this sandbox needs. Under vitest, a connection to the
 * run's one Chromium (starting Chromium per test file cost seconds each); closing it closes this file's contexts.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env.VITEST ? (await import('vitest')).inject('browserEndpoint') : undefined;
  if (shared) return chromium.connect(shared);
  return chromium.launch(launchOptions());
}

/** Content-Security-Policy violations Chromium reported in contexts made by newContext, not yet taken. */
const cspViolations: string[] = [];

/** The violations reported since the last call (test/support/csp-guard.ts fails the test that saw any). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * A fresh context; service workers are blocked except where a test needs them. Every CSP violation its pages
 * report, as a `securitypolicyviolation` event or on the console, is recorded.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  await context.exposeBinding('__reportCspViolation', ({ page }, violation: string) => void cspViolations.push(`${violation} (page ${page?.url()})`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (violation: string) => void }).__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`console: ${message.text()}`);
  });
  return context;
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

/**
 * A page on a phone in a language (the visitor's remembered choice); without the app's code when `appCode` is false
 * (every module script of the build blocked: what the first response paints by itself, docs/architecture.md,
 * "Prerendered public pages").
 */
export async function phonePage(browser: Browser, language: 'en' | 'id', { appCode }: { appCode: boolean }): Promise<Page> {
  const context = await newContext(browser, { ...PHONE, locale: language === 'en' ? 'en-US' : 'id-ID' });
  await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
  const page = followRequests(await context.newPage());
  if (!appCode) await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
  return page;
}

/** Adds up, from the page's start, the layout shifts it reports (none right after a person's input counts); read with layoutShifts. */
export const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __shifts: number };
    w.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
export const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** Resolves once the page painted twice: what its last event or answer changed has rendered. */
export const painted = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Waits until a MapLibre map in `map` has stopped moving (a flight, a zoom, a drag's inertia has ended): the markers it
 * places again on every frame it moves, at fractions of a pixel, are back on whole pixels (MapLibre rounds them once a
 * move has ended) and, with its popup, at the same place three frames apart. The map object is out of the page's reach.
 */
export async function mapAtRest(map: Locator, timeoutMs = 10_000): Promise<void> {
  await map.evaluate(async (element, timeout) => {
    const placed = () => [...element.querySelectorAll<HTMLElement>('.maplibregl-marker, .maplibregl-popup')].map((node) => node.style.transform);
    const onWholePixels = (places: string[]) => places.every((place) => !/\.\d+px/.test(place));
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const deadline = performance.now() + timeout;
    for (let before = placed().join(); ; ) {
      for (let i = 0; i < 3; i++) await frame();
      const now = placed();
      if (now.join() === before && onWholePixels(now)) return;
      if (performance.now() > deadline) throw new Error(`the map still moves after ${timeout} ms`);
      before = now.join();
    }
  }, timeoutMs);
}

const requestsInFlight = new WeakMap<Page, Set<Request>>();

/** Starts following a page's requests (before the navigations networkSettled waits for). */
export function followRequests(page: Page): Page {
  const inFlight = new Set<Request>();
  requestsInFlight.set(page, inFlight);
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return page;
}

/**
 * Waits until a page followed by followRequests has no request in flight, still none after it painted twice (what
 * arrived has rendered, and what that render asks for has started). The condition itself, where `networkidle` waits
 * for 500 ms of silence after it.
 */
export async function networkSettled(page: Page, timeoutMs = 30_000): Promise<void> {
  const inFlight = requestsInFlight.get(page);
  if (!inFlight) throw new Error('networkSettled needs followRequests(page) first');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (inFlight.size === 0) {
      await painted(page);
      if (inFlight.size === 0) return;
    }
    if (Date.now() > deadline) throw new Error(`network not settled after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The text of a download, read through its stream: the browser may run in another process (a path would not be there). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
