import { describe, expect, it } from 'vitest';
import { customAccountMessage, type CustomMessageEvent } from './account-emails';

const event = (triggerSource: string, locale?: string): CustomMessageEvent => ({
  triggerSource,
  request: { userAttributes: { email: 'a@b.test', ...(locale === undefined ? {} : { locale }) }, codeParameter: '{####}' },
  response: { emailSubject: null, emailMessage: null, smsMessage: null },
});

describe("the user pool's custom message (code e-mails)", () => {
  it('writes the sign-up code in the language the person signed up in, English without one', () => {
    expect(customAccountMessage(event('CustomMessage_SignUp', 'id')).response).toMatchObject({
      emailSubject: 'Kode verifikasi Bali Refill Anda',
      emailMessage: expect.stringMatching(/^Kode verifikasi Bali Refill Anda adalah \{####\}\./),
    });
    for (const locale of [undefined, 'en', 'fr-FR']) {
      expect(customAccountMessage(event('CustomMessage_ResendCode', locale)).response.emailSubject, String(locale)).toBe('Your Bali Refill verification code');
    }
  });

  it('says a password reset is a reset, with its own subject, in both languages', () => {
    const en = customAccountMessage(event('CustomMessage_ForgotPassword', 'en-GB')).response;
    expect(en.emailSubject).toBe('Reset your Bali Refill password');
    expect(en.emailMessage).toMatch(/^Your code to reset your Bali Refill password is \{####\}\./);
    const id = customAccountMessage(event('CustomMessage_ForgotPassword', 'id-ID')).response;
    expect(id.emailSubject).toBe('Atur ulang kata sandi Bali Refill Anda');
    expect(id.emailMessage).toMatch(/^Kode untuk mengatur ulang kata sandi Bali Refill Anda adalah \{####\}\./);
  });

  it("leaves the pool's own message for anything else (an admin's invitation)", () => {
    const invitation = event('CustomMessage_AdminCreateUser', 'id');
    expect(customAccountMessage(invitation)).toBe(invitation);
  });
});
