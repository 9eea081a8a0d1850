import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../infra/local/adapters/smtp-mailer';
import { signIn } from '../support/auth';
import { local } from '../support/local';
import { emailedCode, outboxMessages, waitForEmail } from '../support/outbox';

/** Issue 15, item 6: every e-mail lands in the local outbox, sign-up and reset codes included. */

const cognito = () => {
  const { endpoint, region } = local().cognito;
  return new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
};
const client = cognito();
afterAll(() => client.destroy());

describe('the local outbox', () => {
  it('serves its page and answers its messages as JSON', async () => {
    const page = await fetch(local().mail.web, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    expect(Array.isArray(await outboxMessages(local().mail.messages))).toBe(true);
  });

  it('receives what the local mailer sends, from the configured sender', async () => {
    const mailer = new SmtpMailer(local().mail.smtp, local().mail.from, local().web!);
    const to = `mail-${crypto.randomUUID().slice(0, 8)}@example.com`;
    try {
      const { messageId } = await mailer.send({ to, subject: 'Your receipt', text: 'You refilled 1.234 L.', html: '<p>You refilled <b>1.234 L</b>.</p>' });
      expect(messageId).toBeTruthy();
    } finally {
      mailer.close();
    }
    const message = await waitForEmail(local().mail.messages, to);
    expect(message.subject).toBe('Your receipt');
    expect(message.text?.trim()).toBe('You refilled 1.234 L.');
    expect(message.html).toContain('<b>1.234 L</b>');
    expect(message.from[0]).toEqual({ address: 'no-reply@bali-refill.test', name: 'Bali Refill' });
  });

  it('gets the sign-up code as an e-mail, and that code confirms the account', async () => {
    const email = `signup-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = 'Outbox-Pass-2025!';
    const { clientId } = local().cognito;
    await client.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));

    const message = await waitForEmail(local().mail.messages, email);
    expect(message.subject).toBe('Your Bali Refill verification code');
    const code = /^Your Bali Refill verification code is (\d{6})\. Enter it to confirm your e-mail address\./.exec(message.text!.trim())?.[1];
    expect(code).toBeDefined();

    await expect(client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code === '000000' ? '111111' : '000000' }))).rejects.toThrow();
    await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code! }));
    expect(await signIn(email, password)).toMatch(/^ey/);
  });

  it('gets the password-reset code as a new e-mail that says it is a reset, and that code sets the new password', async () => {
    const email = `reset-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { clientId } = local().cognito;
    await client.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: 'Before-Reset-2025!', UserAttributes: [{ Name: 'email', Value: email }] }));
    const signUp = await emailedCode(local().mail.messages, email);
    await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: signUp.code }));

    await client.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    const reset = await emailedCode(local().mail.messages, email, [signUp.id]);
    expect(reset.id).not.toBe(signUp.id);
    const message = (await outboxMessages(local().mail.messages)).find((m) => m.id === reset.id)!;
    expect(message.subject).toBe('Reset your Bali Refill password');
    expect(message.text).toContain(`Your code to reset your Bali Refill password is ${reset.code}.`);
    await client.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: email, ConfirmationCode: reset.code, Password: 'After-Reset-2025!' }));
    expect(await signIn(email, 'After-Reset-2025!')).toMatch(/^ey/);
    await expect(signIn(email, 'Before-Reset-2025!')).rejects.toThrow();
  });

  it("writes both code e-mails in Bahasa Indonesia to a person who signed up in it (the locale the app sets)", async () => {
    const email = `bahasa-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { clientId } = local().cognito;
    await client.send(new SignUpCommand({
      ClientId: clientId, Username: email, Password: 'Sebelum-Reset-2025!',
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'locale', Value: 'id' }],
    }));
    const signUp = await waitForEmail(local().mail.messages, email);
    expect(signUp.subject).toBe('Kode verifikasi Bali Refill Anda');
    const code = /^Kode verifikasi Bali Refill Anda adalah (\d{6})\./.exec(signUp.text!.trim())?.[1];
    expect(code).toBeDefined();
    await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code! }));

    await client.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    const reset = await waitForEmail(local().mail.messages, email, { seen: [signUp.id] });
    expect(reset.subject).toBe('Atur ulang kata sandi Bali Refill Anda');
    const resetCode = /^Kode untuk mengatur ulang kata sandi Bali Refill Anda adalah (\d{6})\./.exec(reset.text!.trim())?.[1];
    expect(resetCode).toBeDefined();
    await client.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: email, ConfirmationCode: resetCode!, Password: 'Sesudah-Reset-2025!' }));
    expect(await signIn(email, 'Sesudah-Reset-2025!')).toMatch(/^ey/);
  });
});
