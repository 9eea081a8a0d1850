import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, downloadedText, launchBrowser, newContext } from '../support/browser';
import { apiFetch, local } from '../support/local';

/** Issue 3: every public route renders its texts of docs/design.md, "Screens and routes" in order; links, downloads, language, 404 (axe: accessibility.test.ts). */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let onlineCount = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { ...DESKTOP, locale: 'en-US', acceptDownloads: true });
  page = await context.newPage();
  const machines = (await apiFetch('/api/machines')).body as { status: string }[];
  onlineCount = machines.filter((m) => m.status === 'online').length;
});
afterAll(async () => browser?.close());

/** The page's visible text contains the texts in this order (case-insensitive: headings may be styled uppercase). */
async function expectInOrder(p: Page, texts: string[]) {
  const body = (await p.evaluate(() => document.body.innerText)).toLowerCase();
  let at = 0;
  for (const text of texts) {
    const found = body.indexOf(text.toLowerCase(), at);
    expect(found, `"${text}" after position ${at}`).toBeGreaterThanOrEqual(0);
    at = found + text.length;
  }
}

async function open(path: string, ready: string) {
  await page.goto(local().web + path);
  await page.getByText(ready, { exact: false }).first().waitFor();
}

const FOOTER = ['Platform', 'Find stations', 'How it works', 'Host a station', 'Support', 'Help center', 'Contact us', 'Privacy policy', 'Download for iOS', 'Get it on Android', '© 2025'];

describe('the landing page /', () => {
  it('shows its seven sections in order with the live count of online stations', async () => {
    await open('/', 'Seminyak Square');
    // The host application form loads on its own (lazily), maybe after the stations.
    await page.getByRole('button', { name: 'Submit Application' }).waitFor();
    await expectInOrder(page, [
      'Stations', 'About', 'Partners',
      'Find stations', 'Start for free',
      'Hydration benefits',
      String(onlineCount), 'Active stations', '15K+', '95%',
      'Stations near you', `${onlineCount} stations online`, `View all ${onlineCount} stations`,
      'Try the app now',
      'Host a refill station', 'Revenue sharing', 'No upfront cost', 'Reply within 24 hours', 'Submit Application',
      ...FOOTER,
    ]);
    expect(await page.getByTestId('active-stations').innerText()).toContain(String(onlineCount));
  });

  it('lists at most four online stations, sends the hero to the finder and View all and the phone mockup to /app', async () => {
    await open('/', 'Seminyak Square');
    const list = page.getByRole('list', { name: 'Online stations' });
    expect(await list.getByRole('listitem').count()).toBe(Math.min(4, onlineCount));
    const hero = (name: string) => page.getByRole('link', { name, exact: true }).first().getAttribute('href');
    expect(await hero('Find stations')).toBe('/stations');
    expect(await hero('Start for free')).toBe('/signup?redirect=%2Fapp');
    for (const name of [`View all ${onlineCount} stations`, 'Open the web app']) {
      expect(await page.getByRole('link', { name, exact: true }).first().getAttribute('href'), name).toBe('/app');
    }
    expect(await page.locator('#partners').count()).toBe(1);
    expect(await page.locator('#partner form').count()).toBe(1);
    expect(await page.locator('#stations').count()).toBe(1);
  });

  it('keeps the app-store badges of the footer as #, and links its support pages', async () => {
    await open('/', 'Seminyak Square');
    const footer = page.locator('footer');
    for (const name of ['Download for iOS', 'Get it on Android']) {
      expect(await footer.getByRole('link', { name }).getAttribute('href'), name).toBe('#');
    }
    for (const [name, href] of [['Help center', '/help'], ['Contact us', '/contact'], ['Privacy policy', '/privacy']]) {
      expect(await footer.getByRole('link', { name }).getAttribute('href'), name).toBe(href);
    }
    expect(await footer.getByRole('link', { name: 'Find stations' }).getAttribute('href')).toBe('/stations');
    expect(await footer.getByRole('link', { name: 'Host a station' }).getAttribute('href')).toBe('/#partner');
  });
});

describe('the About page', () => {
  it('shows hero, mission, impact, technology and call to action in order with both marketing readings kept', async () => {
    await open('/about', 'Our Impact So Far');
    await expectInOrder(page, [
      'About', 'Our Mission', 'Environmental Impact', '50,000+',
      'Our Mission', 'Environmental Impact', 'Community Access', 'Smart Technology', 'Sustainability First',
      'Our Impact So Far', '50,000+', 'Plastic bottles saved', 'About 2.5 tons of plastic', '125,000L', 'Clean water dispensed',
      '15 Tons', 'CO2 emissions reduced', '6 Locations', 'Active stations',
      'Smart Technology', 'NFC Payment', 'Real-time Monitoring', 'IoT Connectivity',
      'real-time status', 'water quality monitoring', 'payments and your refill history', 'personal environmental impact',
      'Join Our Mission', 'Find Stations', 'Become a Partner',
      ...FOOTER,
    ]);
    expect(await page.getByRole('link', { name: 'Find Stations', exact: true }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Become a Partner', exact: true }).getAttribute('href')).toBe('/#partner');
    expect(await page.getByRole('link', { name: 'Our Mission', exact: true }).getAttribute('href')).toBe('/about#mission');
    expect(await page.getByRole('link', { name: 'Environmental Impact', exact: true }).getAttribute('href')).toBe('/about#impact');
  });
});

describe('the stations page', () => {
  it('shows title, intro, search, area filter, Find Nearby, Open App, then the list', async () => {
    await open('/stations', 'Seminyak Square');
    await expectInOrder(page, ['Water Refill Stations', 'Clean water across Bali', 'filtered', 'quality-tested', '24/7', 'All Areas', 'Find Nearby']);
    expect(await page.getByPlaceholder('Search stations or locations...').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Open App' }).getAttribute('href')).toBe('/app');
    expect(await page.locator('header a[aria-current="page"]').innerText()).toBe('Stations');
  });
});

describe('documentation pages', () => {
  it('/diagram: back link, Download SVG, Open App, the architecture of this system, models, endpoints, API docs link', async () => {
    await open('/diagram', 'IoT System Architecture');
    await expectInOrder(page, ['Back to home', 'Download SVG', 'Open App', 'IoT System Architecture', 'Data models', 'Machine', 'HostRequest', 'Endpoints', '/api/machines', '/api/host-requests', 'API documentation', 'Production docs']);
    const svg = page.getByRole('img', { name: 'Architecture diagram of the Bali Refill platform' });
    for (const part of ['Browser', 'Amazon CloudFront', 'Amazon S3', 'API Gateway', 'AWS Lambda', 'Amazon DynamoDB', 'Amazon Cognito', 'AWS IoT Core', 'Refill stations', 'MQTT over mTLS', 'Payment gateway']) {
      expect(await svg.locator('text', { hasText: part }).count(), part).toBeGreaterThan(0);
    }
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Open App' }).getAttribute('href')).toBe('/app');
    const apiDocs = page.getByRole('link', { name: /API documentation/ }).last();
    expect(await apiDocs.getAttribute('href')).toBe('/api-docs');
    expect(await apiDocs.getAttribute('target')).toBe('_blank');
    // Every route of the contract is listed.
    const { routeIds } = await import('@shared/routes');
    expect(await page.getByText(`${routeIds.length} routes of the HTTP API`).count()).toBe(1);
  });

  it('/diagram: Download SVG saves the diagram as a standalone SVG file', async () => {
    await open('/diagram', 'IoT System Architecture');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
    expect(download.suggestedFilename()).toBe('bali-refill-architecture.svg');
    const svg = await downloadedText(download);
    expect(svg).toMatch(/^<\?xml/);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('AWS IoT Core');
  });

  it('/user-flow: back to /app, View Docs in a new tab, Download SVG, the flow and its summary', async () => {
    await open('/user-flow', 'User Flow');
    await expectInOrder(page, ['Back to app', 'View Docs', 'Download SVG', 'User Flow', 'Summary', 'Steps', 'Rules', 'Payments', 'When things go wrong']);
    expect(await page.getByRole('link', { name: 'Back to app' }).getAttribute('href')).toBe('/app');
    const viewDocs = page.getByRole('link', { name: /View Docs/ });
    expect(await viewDocs.getAttribute('href')).toBe('/docs/user-flow.md');
    expect(await viewDocs.getAttribute('target')).toBe('_blank');
    const flow = page.getByRole('img', { name: /Flow diagram of a refill/ });
    for (const step of ['Find a station', 'Balance at least 20 points?', 'Top up', 'Signed vend token', 'Settlement', 'Dispense failed?']) {
      expect(await flow.locator('text', { hasText: step }).count(), step).toBeGreaterThan(0);
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
    expect(download.suggestedFilename()).toBe('bali-refill-user-flow.svg');
    expect(await downloadedText(download)).toContain('Signed vend token');
  });

  it('/docs/user-flow.md is a real Markdown file', async () => {
    const response = await fetch(local().web + '/docs/user-flow.md');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/markdown/);
    const text = await response.text();
    expect(text).toMatch(/^# Bali Refill – user flow/);
    expect(text).toContain('one-time use and expire after 60 seconds');
  });

  it('/docs: back link and the overview sections', async () => {
    await open('/docs', 'Getting started');
    await expectInOrder(page, ['Back to home', 'Documentation', 'Getting started', 'Wallet and points', 'Payments', 'cards, e-wallets and QR code', 'Apple Pay and Google Pay', 'OpenID sign-in', 'Stations and security', 'certificate', 'How impact is calculated', '0.0828']);
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('/api-docs renders the OpenAPI 3.1 document of the route table', async () => {
    await open('/api-docs', 'OpenAPI 3.1.0');
    const { openApiDocument } = await import('@shared/openapi');
    const doc = openApiDocument();
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(await page.locator('article[id]').count()).toBe(operations.length);
    await expectInOrder(page, ['API documentation', 'OpenAPI 3.1.0', 'Stations', 'GET', '/api/machines', 'All stations with live status']);
    expect(await page.locator('#createHostRequest').innerText()).toContain('businessName');
  });

  it('/admin/test shows the current URL and a timestamp', async () => {
    const before = Date.now();
    await open('/admin/test?x=1', 'Test page');
    expect(await page.getByTestId('current-url').innerText()).toBe(local().web + '/admin/test?x=1');
    const stamp = Date.parse(await page.getByTestId('timestamp').innerText());
    expect(stamp).toBeGreaterThanOrEqual(before - 1000);
    expect(stamp).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('any other path shows 404 Page Not Found with a developer hint', async () => {
    await page.goto(local().web + '/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('No route matches /no-such-page').count()).toBe(1);
  });
});

describe('languages', () => {
  it('switches to Bahasa Indonesia from the header, remembers it, and keeps English texts word for word', async () => {
    const ctx = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const p = await ctx.newPage();
    await p.goto(local().web + '/stations');
    await p.getByRole('heading', { name: 'Water Refill Stations' }).waitFor();
    await p.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'id' }).click();
    await p.getByRole('heading', { name: 'Stasiun Isi Ulang Air' }).waitFor();
    expect(await p.getByPlaceholder('Cari stasiun atau lokasi...').count()).toBe(1);
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('id');
    await p.reload();
    await p.getByRole('heading', { name: 'Stasiun Isi Ulang Air' }).waitFor();
    await p.goto(local().web + '/');
    await p.getByRole('link', { name: 'Cari stasiun', exact: true }).first().waitFor();
    await p.getByRole('group', { name: 'Bahasa' }).getByRole('button', { name: 'en' }).click();
    await p.getByRole('link', { name: 'Start for free' }).waitFor();
    await ctx.close();
  });

  it('takes the browser language as the first choice', async () => {
    const ctx = await newContext(browser, { ...DESKTOP, locale: 'id-ID' });
    const p = await ctx.newPage();
    await p.goto(local().web + '/about');
    await p.getByRole('heading', { name: 'Dampak Kami Sejauh Ini' }).waitFor();
    expect(await p.getByText('Mode Offline Aktif').count()).toBe(0);
    await ctx.close();
  });
});
