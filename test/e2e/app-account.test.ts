import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { DynamoUsers } from '@functions/accounts/adapters/dynamodb/users';
import { randomIds, systemClock } from '@functions/platform/ports/clock';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { local } from '../support/local';
import { emailedCode } from '../support/outbox';

/** A new account signs up in the browser, uses the app, and signs out (issue 4, "Done when"). */

const TIME_ZONE = 'Asia/Makassar';
let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = `e2e-${crypto.randomUUID().slice(0, 8)}@example.com`;
const password = 'Refill-Test-2025!';

function users() {
  const { dynamodb } = local();
  return new DynamoUsers(createDocumentClient({ tableName: dynamodb.tableName, endpoint: dynamodb.endpoint }), dynamodb.tableName);
}

/** The greeting docs/design.md, "Screens and routes" asks for at the current hour in the browser's time zone. */
function expectedGreetings(): string[] {
  const at = (ms: number) => Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: TIME_ZONE }).format(ms));
  const greet = (hour: number) => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');
  // Either side of a cut-off while the test runs.
  return [...new Set([greet(at(Date.now())), greet(at(Date.now() + 60_000))])];
}

/** The ID token Amplify stored for the signed-in user, decoded; null when none is stored. */
async function storedIdTokenClaims(p: Page): Promise<Record<string, unknown> | null> {
  const token = await p.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken')) return localStorage.getItem(key);
    }
    return null;
  });
  return token ? (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>) : null;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { ...PHONE, locale: 'en-US', timezoneId: TIME_ZONE });
  page = await context.newPage();
});
afterAll(async () => browser?.close());

describe('a new account, from sign-up to sign-out', () => {
  it('signs up with the code e-mailed to the local outbox and lands in the app with greeting, name and Rp 0', async () => {
    await page.goto(local().web + '/signup');
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('First name').fill('Komang');
    await form.getByLabel('Last name').fill('Ayu');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Create account' }).click();

    const confirm = page.getByRole('form', { name: 'Confirm your e-mail' });
    await confirm.getByLabel('Confirmation code').fill((await emailedCode(local().mail.messages, email)).code);
    await confirm.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.waitForURL(local().web + '/app');
    await page.getByTestId('balance').waitFor();

    // Created on first sign-in with id = token subject and balance 0. Names come from the token claims:
    // Cognito's ID token carries given_name/family_name, cognito-local's does not (then the app says 'User').
    const claims = await storedIdTokenClaims(page);
    expect(claims?.email).toBe(email);
    const stored = await users().get(claims!.sub as string);
    expect(stored).toMatchObject({ id: claims!.sub, email, balance: 0, dispensedMl: 0 });
    expect([['Komang', 'Ayu'], [null, null]]).toContainEqual([stored!.firstName, stored!.lastName]);
    const name = stored!.firstName ? 'Komang Ayu' : 'User';
    const header = page.getByRole('banner').filter({ has: page.getByRole('heading', { level: 1 }) });
    await header.getByRole('heading', { level: 1, name }).waitFor();
    expect(expectedGreetings()).toContain(await header.locator('p').first().textContent());
    expect(await page.getByTestId('balance').textContent()).toBe('Rp 0');

    await page.getByRole('list', { name: 'Recent transactions' }).or(page.getByText('No transactions yet')).first().waitFor();
    expect(await page.getByText('No transactions yet').count()).toBe(1);
  });

  it("shows the empty history: 'No transactions yet' and a way to find machines", async () => {
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'History' }).click();
    await page.waitForURL(local().web + '/app/history');
    await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
    await page.getByRole('heading', { name: 'No transactions yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Find Machines' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
  });

  it("shows the profile with e-mail, 'Member since' and the current year, and the profile's other texts", async () => {
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(local().web + '/app/profile');
    await page.getByText(`Member since ${new Date().getFullYear()}`).waitFor();
    for (const text of [email, 'CO₂ Saved', 'Bottles Avoided', 'Current Balance', 'Settings', 'Logout', 'v1.0', 'Made with ♥ for a sustainable Bali']) {
      expect(await page.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/api/logout');
  });

  it('signs out through the profile and lands on / signed out', async () => {
    expect(await storedIdTokenClaims(page)).not.toBeNull();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/logout') && r.status() === 302);
    await page.getByRole('link', { name: 'Logout' }).click();
    await loggedOut;
    await page.waitForURL(local().web + '/');
    await page.getByRole('status').filter({ hasText: 'Signed out' }).waitFor();
    expect(await storedIdTokenClaims(page)).toBeNull();
    expect(await page.getByRole('navigation', { name: 'App' }).count()).toBe(0);
  });

  it('shows the home page for /app/history once signed out, whose sign-in link returns there', async () => {
    await page.goto(local().web + '/app/history');
    await page.waitForURL(local().web + '/?redirect=%2Fapp%2Fhistory');
    await page.getByRole('link', { name: 'Bali Refill home' }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Transaction History' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Find stations', exact: true }).first().getAttribute('href')).toBe('/stations');
    // Not a dead end: the page says the app needs an account, and its sign-in returns there.
    expect(await page.getByTestId('app-needs-account').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin?redirect=%2Fapp%2Fhistory');
    expect(await page.getByRole('link', { name: 'Start for free', exact: true }).first().getAttribute('href')).toBe('/signup?redirect=%2Fapp%2Fhistory');
  });

  it('signs back in with the password and sees the same account', async () => {
    await page.goto(local().web + '/signin?redirect=/app/profile');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('wrong-Password-1!');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await form.getByRole('alert').filter({ hasText: 'Incorrect e-mail or password.' }).waitFor();
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(local().web + '/app/profile');
    await page.getByText(email, { exact: true }).waitFor();
  });
});

describe('the same account, signed in again', () => {
  it('turns a balance below the minimum (409) into a prompt to top up', async () => {
    await page.goto(local().web + '/app');
    await page.getByTestId('balance').waitFor();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/nfc/generate-token'));
    await page.getByRole('button', { name: 'NFC Pay' }).click();
    expect((await answer).status()).toBe(409);
    const dialog = page.getByRole('dialog', { name: 'NFC Pay' });
    await dialog.getByRole('heading', { name: 'Top up to pay with NFC' }).waitFor();
    expect(await dialog.getByRole('img', { name: 'NFC payment QR code' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Top Up' }).click();
    await page.waitForURL(/\/app\?overlay=topup$/);
    await dialog.waitFor({ state: 'detached' });
  });

  it("pages a long history with 'Load more'", async () => {
    const sub = (await storedIdTokenClaims(page))!.sub as string;
    const ledger = new DynamoLedger(createDocumentClient({ tableName: local().dynamodb.tableName, endpoint: local().dynamodb.endpoint }), local().dynamodb.tableName, systemClock, randomIds);
    for (let i = 0; i < 23; i++) {
      await ledger.post(sub, 'topup', 10_000 + i * 1_000, `e2e:history:${sub}:${i}`, { reference: `o${i}`, actor: 'gateway', paymentMethod: 'qris' });
      await new Promise((r) => setTimeout(r, 3)); // distinct timestamps, so newest-first is well defined
    }
    await page.goto(local().web + '/app/history');
    const rows = page.getByRole('list', { name: 'Transactions' }).getByTestId('transaction-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(20);
    expect(await rows.first().textContent()).toContain('+Rp 32.000');
    await page.getByRole('button', { name: 'Load more' }).click();
    await rows.nth(22).waitFor();
    expect(await rows.count()).toBe(23);
    expect(await rows.last().textContent()).toContain('+Rp 10.000');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });
});

describe('signed out', () => {
  it('app routes show the home page, and sign-in screens are reachable', async () => {
    const fresh = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    for (const path of ['/app', '/app/history', '/app/profile', '/app/map?machine=x']) {
      await fresh.goto(local().web + path);
      await fresh.waitForURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === path);
    }
    await fresh.goto(local().web + '/forgot-password');
    await fresh.getByRole('form', { name: 'Request a reset code' }).waitFor();
    await fresh.context().close();
  });
});
