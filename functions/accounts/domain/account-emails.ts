import { languageOfTag, type Language } from '@shared/language';
import { renderEmail, type EmailTemplate, type RenderedEmail } from '../../platform/domain/email-template';

/**
 * The account's code e-mails (docs/architecture.md, "E-mail"): the code that confirms an e-mail address (sign-up, a
 * new code, a changed address) and the one that resets a password, each with its own subject, in the person's
 * language. Written by the user pool's custom message trigger (functions/identity/accountMessage.ts), which the
 * deployed pool and the local one (cognito-local, infra/local/identity.ts) both invoke. One line each: Cognito sends
 * the message as HTML, where line breaks would be lost.
 */
export type AccountCodePurpose = 'confirmEmail' | 'passwordReset';

/** A code e-mail shows the code: Cognito's `{####}` placeholder in the trigger, which Cognito fills in. */
export interface AccountCodeEmailData {
  code: string;
}

export const confirmEmailCodeEmail: EmailTemplate<AccountCodeEmailData> = {
  en: ({ code }) => ({
    subject: 'Your Bali Refill verification code',
    lines: [`Your Bali Refill verification code is ${code}. Enter it to confirm your e-mail address. If you did not sign up for Bali Refill, you can ignore this e-mail.`],
  }),
  id: ({ code }) => ({
    subject: 'Kode verifikasi Bali Refill Anda',
    lines: [`Kode verifikasi Bali Refill Anda adalah ${code}. Masukkan kode ini untuk mengonfirmasi alamat e-mail Anda. Jika Anda tidak mendaftar di Bali Refill, abaikan e-mail ini.`],
  }),
};

export const passwordResetCodeEmail: EmailTemplate<AccountCodeEmailData> = {
  en: ({ code }) => ({
    subject: 'Reset your Bali Refill password',
    lines: [`Your code to reset your Bali Refill password is ${code}. Enter it with your new password. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.`],
  }),
  id: ({ code }) => ({
    subject: 'Atur ulang kata sandi Bali Refill Anda',
    lines: [`Kode untuk mengatur ulang kata sandi Bali Refill Anda adalah ${code}. Masukkan kode ini bersama kata sandi baru Anda. Jika Anda tidak meminta pengaturan ulang kata sandi, abaikan e-mail ini: kata sandi Anda tetap sama.`],
  }),
};

const TEMPLATES: Record<AccountCodePurpose, EmailTemplate<AccountCodeEmailData>> = { confirmEmail: confirmEmailCodeEmail, passwordReset: passwordResetCodeEmail };

export function accountCodeEmail(purpose: AccountCodePurpose, language: Language, code: string): RenderedEmail {
  return renderEmail(TEMPLATES[purpose], { code }, language);
}

/** The person's language: the `locale` attribute the app sets at sign-up ('id', 'en'); English when none or another. */
export const accountLanguage = (locale: string | null | undefined): Language => languageOfTag(locale) ?? 'en';

/** What a Cognito custom message (`CustomMessage_<source>`) sends a code for; null for a message without one of ours. */
export function purposeOfCustomMessage(triggerSource: string): AccountCodePurpose | null {
  switch (triggerSource) {
    case 'CustomMessage_ForgotPassword':
      return 'passwordReset';
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      return 'confirmEmail';
    default:
      return null;
  }
}

/** The shape of Cognito's custom message event that the trigger reads and answers. */
export interface CustomMessageEvent {
  triggerSource: string;
  request: { userAttributes?: Record<string, string | undefined>; codeParameter?: string };
  response: { emailSubject?: string | null; emailMessage?: string | null; smsMessage?: string | null };
}

/**
 * Cognito's custom message trigger: the code e-mail in the person's language, with Cognito's code placeholder (it
 * fills it in; the message must contain it). Other messages (an admin's invitation, a sign-in code) keep the pool's.
 */
export function customAccountMessage<E extends CustomMessageEvent>(event: E): E {
  const purpose = purposeOfCustomMessage(event.triggerSource);
  const placeholder = event.request.codeParameter;
  if (!purpose || !placeholder) return event;
  const email = accountCodeEmail(purpose, accountLanguage(event.request.userAttributes?.locale), placeholder);
  return { ...event, response: { ...event.response, emailSubject: email.subject, emailMessage: email.text } };
}
