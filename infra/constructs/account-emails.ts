/**
 * The user pool's verification e-mail (sign-up, a new code, a password reset): Cognito fills `{####}` with the code.
 * One home for the deployed pool (identity.ts) and the local cloud, whose outbox shows the same e-mail
 * (infra/local/cognito-mail.ts).
 */
export const VERIFICATION_EMAIL = {
  subject: 'Your Bali Refill verification code',
  body: 'Your Bali Refill verification code is {####}',
} as const;
