import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMING_MS } from '@shared/constants';
import { formatRupiah } from '@shared/money';
import { heldByPayCode } from '@functions/vending/domain/nfc-token';
import { launchBrowser, newContext, painted, PHONE } from '../support/browser';
import { local } from '../support/local';
import { seededAccount, signInInBrowser } from '../support/auth';
import { repositories } from '../support/admin';

/** The seeded user (Rp 50,000 top-up and a 1.5 L refill) in the app: balance, history, map, NFC Pay, toasts. */

const TIME_ZONE = 'Asia/Makassar';
let browser: Browser;
let context: BrowserContext;
let page: Page;

const seeded = () => seededAccount('user');
// English pages write English dates and figures (docs/design.md, "Money and units"); amounts stay 'Rp 1.500'.
const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { ...PHONE, locale: 'en-US', timezoneId: TIME_ZONE, geolocation: { latitude: -8.6905, longitude: 115.1729 }, permissions: ['geolocation'] });
  page = await context.newPage();
  await signInInBrowser(page, seeded().username, seeded().password);
});
afterAll(async () => browser?.close());

describe('the seeded user', () => {
  it("sees the name and the balance 'Rp 48.500' from the ledger", async () => {
    const stored = (await repositories().users.get(seeded().sub))!;
    await page.getByRole('heading', { level: 1, name: 'Wayan Sudirta' }).waitFor();
    const balance = await page.getByTestId('balance').textContent();
    expect(balance).toBe(formatRupiah(stored.balance));
    // Only the seed has touched this wallet unless another suite paid with it; a pay code another suite showed keeps
    // its allowance out of the balance (no entry) until a station uses it or it is voided.
    const { items } = await repositories().ledger.entries(seeded().sub, { limit: 10, visibleOnly: true });
    const held = heldByPayCode(await repositories().vendSessions.liveReservation(seeded().sub))?.amount ?? 0;
    if (items.length === 2) expect(formatRupiah(stored.balance + held)).toBe('Rp 48.500');
  });

  it('lists the recent transactions (at most 3) and View All opens the history', async () => {
    const recent = page.getByRole('list', { name: 'Recent transactions' });
    await recent.waitFor();
    const rows = await recent.getByTestId('transaction-row').count();
    expect(rows).toBeGreaterThanOrEqual(2);
    expect(rows).toBeLessThanOrEqual(3);
    await page.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL(local().web + '/app/history');
  });

  it('shows history rows as docs/design.md, "Screens and routes" says: station or Top Up, the date in Bali, signed Rp, litres, method', async () => {
    const { items } = await repositories().ledger.entries(seeded().sub, { limit: 100, visibleOnly: true });
    const refill = items.find((e) => e.type === 'purchase' && e.machineName === 'Seminyak Square')!;
    const topup = items.find((e) => e.type === 'topup' && e.amount === 50_000)!;
    const list = page.getByRole('list', { name: 'Transactions' });
    await list.waitFor();
    const rows = list.getByTestId('transaction-row');
    const texts = await rows.allTextContents();
    expect(texts.length).toBe(Math.min(items.length, 20));

    const refillRow = rows.filter({ hasText: 'Seminyak Square' }).filter({ hasText: '1.5 L' }).first();
    expect(await refillRow.textContent()).toContain('-Rp 1.500');
    expect(await refillRow.locator('time').textContent()).toBe(dateTime.format(new Date(refill.createdAt)));
    const topupRow = rows.filter({ hasText: 'Top Up' }).filter({ hasText: '+Rp 50.000' }).first();
    expect(await topupRow.textContent()).toContain('GoPay');
    expect(await topupRow.locator('time').textContent()).toBe(dateTime.format(new Date(topup.createdAt)));
    expect(await page.getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
  });

  it('finds machines on the map: markers, a detail card with Navigate, the nearby list', async () => {
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Map' }).click();
    await page.getByRole('heading', { name: 'Find Machines' }).waitFor();
    const markers = page.getByRole('group', { name: 'Machines map' }).getByRole('button');
    await markers.first().waitFor();
    expect(await markers.count()).toBe(3);
    // Nearest first from Seminyak (the browser's position).
    const nearby = page.getByRole('list', { name: 'Nearby machines' }).getByRole('button');
    const first = (await nearby.first().textContent()) ?? '';
    // Open stations come first, nearest first among them (docs/architecture.md, "Station status").
    expect(first).toMatch(/Online.*\d+\.\d km$/);
    const km = (await nearby.allTextContents()).filter((t) => t.includes('Online')).map((t) => Number(/(\d+\.\d) km$/.exec(t)![1]));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    await markers.nth(1).click();
    const navigate = page.getByRole('link', { name: 'Navigate' });
    await navigate.waitFor();
    expect(await navigate.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-8\.\d+%2C115\.\d+$/);
  });

  it("opens Find Machines over the home as a modal dialog that Back and Escape close, focus back on the home's button", async () => {
    await page.goto(local().web + '/app');
    const find = page.getByRole('button', { name: /^Find Machine/ });
    const dialog = page.getByRole('dialog', { name: 'Find Machines' });
    for (const close of [() => dialog.getByRole('button', { name: 'Back' }).click(), () => page.keyboard.press('Escape')]) {
      await find.click();
      await dialog.getByRole('list', { name: 'Nearby machines' }).getByRole('button').first().waitFor();
      // Modal: the page behind neither takes clicks nor scrolls.
      expect(await page.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('dialog:modal') !== null)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
      await close();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('overlay')).toBeNull();
      expect(await find.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('visible');
    }
  });
});

describe('the session', () => {
  it('refreshes expired tokens through InitiateAuth REFRESH_TOKEN_AUTH (cognito-local has no GetTokensFromRefreshToken)', async () => {
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.headers()['x-amz-target']?.endsWith('.InitiateAuth')) refreshes.push(r.postData() ?? '');
    });
    // Pretend the clock moved two days on: Amplify then sees the stored tokens as expired.
    await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.clockDrift')) localStorage.setItem(key, String(2 * 86_400_000));
      }
    });
    const user = page.waitForResponse((r) => r.url().endsWith('/api/auth/user'));
    await page.goto(local().web + '/app');
    expect((await user).status()).toBe(200);
    await page.getByTestId('balance').waitFor();
    // The home's first paint may load the person itself; the app's next authorized reads refresh the tokens.
    await expect.poll(() => refreshes.some((body) => body.includes('REFRESH_TOKEN_AUTH'))).toBe(true);
  });
});

describe('toasts', () => {
  it('shows one at a time, F8 focuses the region, a 50 px swipe dismisses, and it closes after 5 s', async () => {
    await page.goto(local().web + '/app/profile');
    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.click();
    await settings.click();
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    const toast = region.getByRole('status');
    await toast.first().waitFor();
    expect(await toast.count()).toBe(1);

    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label'))).toBe('Notifications (F8)');

    const swipe = async (dx: number) => {
      const box = (await toast.first().boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + dx / 2, box.y + box.height / 2, { steps: 3 });
      await page.mouse.move(box.x + 40 + dx, box.y + box.height / 2, { steps: 3 });
      await page.mouse.up();
    };
    await swipe(30);
    // Dismissing is decided on the pointer's release: rendered by the next paints.
    await painted(page);
    expect(await toast.count()).toBe(1);
    await swipe(90);
    await toast.first().waitFor({ state: 'detached' });

    await page.mouse.move(5, 800);
    await settings.click();
    await toast.first().waitFor();
    // The behaviour is a duration (TIMING_MS.toast): still there a second before it ends, gone soon after.
    await page.waitForTimeout(TIMING_MS.toast - 1_000);
    expect(await toast.count()).toBe(1);
    await toast.first().waitFor({ state: 'detached', timeout: 2_500 });
  });
});

describe('the Top Up sheet', () => {
  it('closes from a click on the backdrop above it, not from one inside it; focus goes back to Top Up', async () => {
    await page.goto(local().web + '/app');
    const topUp = page.getByRole('button', { name: 'Top Up', exact: true });
    await topUp.click();
    const sheet = page.getByRole('dialog', { name: 'Top Up' });
    const amount = sheet.getByRole('group', { name: 'Amount' });
    await amount.waitFor();
    // The sheet's own padding, left of the amounts: inside the sheet, so it stays open.
    const box = (await amount.boundingBox())!;
    await page.mouse.click(box.x - 8, box.y + box.height / 2);
    // The click is handled and rendered by the next paints: a sheet it closed would be gone by then.
    await painted(page);
    expect(await sheet.isVisible()).toBe(true);
    // Above the sheet, the page behind is only backdrop.
    await page.mouse.click(195, 20);
    await sheet.waitFor({ state: 'detached' });
    expect(await topUp.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

describe('NFC Pay', () => {
  const nfcResponse = (p: Page) => p.waitForResponse((r: Response) => r.url().endsWith('/api/nfc/generate-token') && r.request().method() === 'POST');

  it('generates a token on open, counts down, refreshes to a new token and shows it as a QR code', async () => {
    await page.goto(local().web + '/app');
    await page.getByTestId('balance').waitFor();
    const first = nfcResponse(page);
    await page.getByRole('button', { name: 'NFC Pay' }).click();
    const answer = await first;
    expect(answer.status(), await answer.text()).toBe(200);
    const token1 = ((await answer.json()) as { token: string }).token;

    const dialog = page.getByRole('dialog', { name: 'NFC Pay' });
    const qr = dialog.getByRole('img', { name: 'NFC payment QR code' });
    await qr.waitFor();
    const qr1 = await qr.getAttribute('src');
    expect(qr1).toMatch(/^data:image\/png;base64,/);
    const countdown = dialog.getByTestId('nfc-countdown');
    expect(await dialog.getByText('Expires in').count()).toBe(1);
    const before = await countdown.textContent();
    expect(before).toMatch(/^\d{2}:\d{2}$/);
    const seconds = (t: string | null) => Number(t!.slice(0, 2)) * 60 + Number(t!.slice(3));
    await expect.poll(async () => seconds(before) - seconds(await countdown.textContent()), { timeout: 5_000 }).toBeGreaterThanOrEqual(1);

    const second = nfcResponse(page);
    await dialog.getByRole('button', { name: 'Refresh NFC' }).click();
    const refreshed = await second;
    expect(refreshed.status()).toBe(200);
    const token2 = ((await refreshed.json()) as { token: string }).token;
    expect(token2).not.toBe(token1);
    await page.waitForFunction((old) => document.querySelector('img[alt="NFC payment QR code"]')?.getAttribute('src') !== old, qr1);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
