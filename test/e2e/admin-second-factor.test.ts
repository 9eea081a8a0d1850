import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '@infra/local/totp';
import { PHONE, launchBrowser, newContext } from '../support/browser';
import { answerConsoleCode, CONSOLE_LOGIN_BUTTON, CONSOLE_PASSWORD_LABEL, newAccount, seededAccount } from '../support/auth';
import { local } from '../support/local';

/** Where to save the phone screenshots of the sign-in with a code when set (SECOND_FACTOR_SHOTS=/work/shots). */
const SHOTS = process.env.SECOND_FACTOR_SHOTS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new account in the admin group, without TOTP: what an operator who has just been made an administrator has. */
async function newAdministrator() {
  const account = await newAccount('new-admin');
  const { endpoint, region, userPoolId } = local().cognito;
  const cognito = new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: account.sub, GroupName: 'admin' }));
  } finally {
    cognito.destroy();
  }
  return account;
}

async function password(page: Page, username: string, secret: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(CONSOLE_PASSWORD_LABEL).fill(secret);
  await page.getByRole('button', { name: CONSOLE_LOGIN_BUTTON }).click();
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the console and a second factor, in Chromium at 390 px', { timeout: 180_000 }, () => {
  it('has an administrator without TOTP enrol it before the console opens, then sign in with a code', async () => {
    const admin = await newAdministrator();
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(local().web + '/admin');
      await page.waitForURL((url) => url.pathname === '/admin/login');
      await password(page, admin.email, admin.password);
      await page.getByRole('heading', { name: 'Turn on two-step sign-in' }).waitFor();
      await page.getByRole('img', { name: 'QR code that adds Bali Refill to an authenticator app' }).waitFor();
      const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/second-factor-enrol-en.png`, fullPage: true });
      expect(await fits(page)).toBeLessThanOrEqual(390);

      // Signed in with the password alone, the console stays shut: /admin and its money screens come back to the login.
      const other = await context.newPage();
      for (const screen of ['/admin?tab=users', '/admin/book?date=2024-04-10']) {
        await other.goto(local().web + screen);
        await other.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('redirect') === screen);
      }
      await other.close();

      // A wrong code is refused; the app's code turns TOTP on, and the login asks again, password then code.
      const form = page.getByRole('form', { name: 'Turn on two-step sign-in' });
      await form.getByLabel('Code').fill(String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0'));
      await form.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('That code is not right');
      await form.getByLabel('Code').fill(totpCode(secret));
      await form.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('status').filter({ hasText: 'Two-step sign-in is on' }).waitFor();
      await password(page, admin.email, admin.password);
      await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      await answerConsoleCode(page, secret);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each([
    { locale: 'en-US', language: 'en', title: 'Two-step sign-in', wrong: 'That code is not right' },
    { locale: 'id-ID', language: 'id', title: 'Masuk dua langkah', wrong: 'Kode itu salah' },
  ])('signs the seeded admin in with a TOTP code ($language)', async ({ locale, language, title, wrong }) => {
    const admin = seededAccount('admin');
    const context = await newContext(browser, { ...PHONE, locale });
    try {
      const page = await context.newPage();
      await page.goto(local().web + '/admin/login');
      await password(page, admin.username, admin.password);
      await page.getByRole('heading', { name: title }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/second-factor-code-${language}.png`, fullPage: true });
      expect(await fits(page)).toBeLessThanOrEqual(390);
      await page.getByLabel(/^(Code|Kode)$/).fill(String((Number(totpCode(admin.totpSecret!)) + 500_000) % 1_000_000).padStart(6, '0'));
      await page.getByRole('button', { name: /^(Verify|Verifikasi)$/ }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain(wrong);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/second-factor-wrong-${language}.png`, fullPage: true });
      await answerConsoleCode(page);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('list', { name: language === 'en' ? 'Machines' : 'Mesin' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
