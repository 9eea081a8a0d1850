import { authTexts } from '../../i18n/auth';

/** An auth failure with a message fit to show on the form. `code` is Cognito's exception name. */
export class AuthFailure extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = 'AuthFailure';
  }
}

/** The English texts, by Cognito's exception name; the forms show them in the page's language by `code` (AuthLayout.tsx). */
const MESSAGES: Record<string, string | undefined> = authTexts.en.errors;

/** Maps whatever Amplify or Cognito threw to an AuthFailure with a friendly message. */
export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof AuthFailure) return error;
  const name = (error as { name?: string } | null)?.name ?? 'Error';
  const message = (error as { message?: string } | null)?.message ?? '';
  const known = Object.hasOwn(MESSAGES, name) ? MESSAGES[name] : undefined;
  if (known) return new AuthFailure(name, known);
  if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') {
    // Cognito's own policy text (English) says what is missing; without one, ours.
    const policy = message.replace(/^Password did not conform with policy: /, '');
    return policy ? new AuthFailure(name, policy) : new AuthFailure('weakPassword', authTexts.en.errors.weakPassword);
  }
  if (error instanceof TypeError || /network|failed to fetch/i.test(message)) return new AuthFailure('NetworkError', authTexts.en.errors.NetworkError);
  return message ? new AuthFailure(name, message) : new AuthFailure('unknown', authTexts.en.errors.unknown);
}
