import { AdminGetUserCommand, CognitoIdentityProviderClient, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signInInBrowser } from '../support/auth';
import { PHONE, launchBrowser, newContext } from '../support/browser';
import { local } from '../support/local';
import { emailedCode, outboxMessages } from '../support/outbox';

/** The account's code e-mails follow the language its person uses the app in (docs/architecture.md, "E-mail"). */
let browser: Browser;
const client = () => {
  const { endpoint, region } = local().cognito;
  return new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("the account's language", { timeout: 120_000 }, () => {
  it('is the one the person switches the app to at 390 px, and the password reset e-mail then comes in it', async () => {
    const account = await newAccount('bahasa');
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    await signInInBrowser(page, account.email, account.password);
    await page.goto(`${local().web}/app/profile`);
    await page.getByRole('button', { name: 'id', exact: true }).click();
    await page.getByRole('button', { name: 'en', exact: true }).waitFor();

    const cognito = client();
    try {
      const locale = async () => (await cognito.send(new AdminGetUserCommand({ UserPoolId: local().cognito.userPoolId, Username: account.email })))
        .UserAttributes?.find((a) => a.Name === 'locale')?.Value;
      await expect.poll(locale, { timeout: 10_000 }).toBe('id');

      const seen = (await outboxMessages(local().mail.messages)).map((m) => m.id);
      await cognito.send(new ForgotPasswordCommand({ ClientId: local().cognito.clientId, Username: account.email }));
      const reset = await emailedCode(local().mail.messages, account.email, seen);
      const message = (await outboxMessages(local().mail.messages)).find((m) => m.id === reset.id)!;
      expect(message.subject).toBe('Atur ulang kata sandi Bali Refill Anda');
      expect(message.text).toContain(`Kode untuk mengatur ulang kata sandi Bali Refill Anda adalah ${reset.code}.`);
    } finally {
      cognito.destroy();
    }
  });
});
