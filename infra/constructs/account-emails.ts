import { accountCodeEmail } from '@functions/accounts/domain/account-emails';

/**
 * The user pool's own verification e-mail, with Cognito's `{####}` for the code: what Cognito sends when the custom
 * message trigger (functions/identity/accountMessage.ts) leaves a message alone. The English confirmation e-mail of
 * functions/accounts/domain/account-emails.ts, the one home of the account e-mails' texts.
 */
const { subject, text } = accountCodeEmail('confirmEmail', 'en', '{####}');
export const VERIFICATION_EMAIL = { subject, body: text } as const;
