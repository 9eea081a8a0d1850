import type { Page } from 'playwright-core';
import { totpCode } from '@infra/local/totp';
import { newAccountWith, signInWith } from './cognito';
import { local } from './local';

/**
 * Signs in with the password flow and returns the ID token the browser sends as its bearer token (or the access
 * token, as an API client might send it).
 */
export const signIn = (username: string, password: string, token: 'id' | 'access' = 'id'): Promise<string> => signInWith(local().cognito, username, password, token);

/** The roles of the seeded local accounts (README, "Local accounts"). */
type LocalRole = 'user' | 'admin' | 'technician' | 'host';

/** The seeded local account of a role: its credentials, sub and a fresh ID token (the admin's sign-in answers a TOTP code). */
export async function signInAs(role: LocalRole) {
  const account = seededAccount(role);
  return { ...account, token: await signIn(account.username, account.password) };
}

/** Registers and confirms a new account (with the code e-mailed to the local outbox), then signs it in. */
export const newAccount = (name = 'tester', password = 'Test-Pass-2025!') => newAccountWith(local(), name, password);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of an HTTP Basic auth header, for tests that check such credentials are refused or found. */
export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The seeded local account of a role, without signing in. */
export const seededAccount = (role: LocalRole) => local().cognito.accounts.find((a) => a.role === role)!;

/** Signs a person in through /signin as a visitor does (e-mail and password), and waits for the app. */
export async function signInInBrowser(page: Page, username: string, password: string, web = local().web): Promise<void> {
  await page.goto(web + '/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(web + '/app').catch(async (error: Error) => {
    // Where the sign-in stopped (an error shown, another page) says more than the timeout.
    const text = await page.locator('body').innerText().catch(() => '');
    throw new Error(`${error.message}\nstill at ${page.url()}: ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
  });
}

/**
 * Signs a seeded staff account without a second factor in at /signin, as it would on its phone, in the page's
 * language, and waits for the home it lands on.
 */
export async function staffSignInAtSignin(page: Page, role: 'host' | 'technician', language: 'en' | 'id', home: string, web = local().web): Promise<void> {
  const account = seededAccount(role);
  const [button, password] = language === 'en' ? ['Sign in', 'Password'] : ['Masuk', 'Kata sandi'];
  await page.goto(web + '/signin');
  const form = page.getByRole('form', { name: button });
  await form.getByLabel('E-mail').fill(account.username);
  await form.getByLabel(password, { exact: true }).fill(account.password);
  await form.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.pathname === home);
}

/** The console login's password field and button, in English or in Bahasa Indonesia (the browser's language). */
export const CONSOLE_PASSWORD_LABEL = /^(Password|Kata sandi)$/;
export const CONSOLE_LOGIN_BUTTON = /^(Login|Masuk)$/;
/** The console's second step: the code of the authenticator app, and its button. */
const CONSOLE_CODE_LABEL = /^(Code|Kode)$/;
const CONSOLE_VERIFY_BUTTON = /^(Verify|Verifikasi)$/;

/** The current TOTP code of a base32 secret (the seeded admin's by default), as its authenticator app would show it. */
export const currentCode = (secret: string = seededAccount('admin').totpSecret!) => totpCode(secret);

/** Answers the console's code step (after the password) with the current code of `secret` (the seeded admin's by default). */
export async function answerConsoleCode(page: Page, secret?: string): Promise<void> {
  await page.getByLabel(CONSOLE_CODE_LABEL).fill(currentCode(secret));
  await page.getByRole('button', { name: CONSOLE_VERIFY_BUTTON }).click();
}

/** Signs the seeded admin in: /admin sends to the login (password, then a TOTP code), which goes back to the console. */
export async function adminSignInInBrowser(page: Page, web = local().web): Promise<void> {
  const admin = seededAccount('admin');
  await page.goto(web + '/admin');
  await page.waitForURL((url) => url.pathname === '/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  // The console's login speaks the browser's language: English or Bahasa Indonesia.
  await page.getByLabel(CONSOLE_PASSWORD_LABEL).fill(admin.password);
  await page.getByRole('button', { name: CONSOLE_LOGIN_BUTTON }).click();
  await answerConsoleCode(page);
  await page.waitForURL((url) => url.pathname === '/admin');
}
