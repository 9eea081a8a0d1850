import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type Download } from 'playwright-core';

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
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** The text of a download, read through its stream: the browser may run in another process (a path would not be there). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
