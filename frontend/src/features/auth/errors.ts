/** An auth failure with a message fit to show on the form. `code` is Cognito's exception name. */
export class AuthFailure extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = 'AuthFailure';
  }
}

const MESSAGES: Record<string, string> = {
  NotAuthorizedException: 'Incorrect e-mail or password.',
  UserNotFoundException: 'Incorrect e-mail or password.',
  UsernameExistsException: 'An account with this e-mail already exists. Sign in instead.',
  AliasExistsException: 'An account with this e-mail already exists. Sign in instead.',
  CodeMismatchException: 'That code is not right. Check the e-mail we sent and try again.',
  ExpiredCodeException: 'That code has expired. Ask for a new one.',
  LimitExceededException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyFailedAttemptsException: 'Too many attempts. Please wait a few minutes and try again.',
  UserNotConfirmedException: 'Please confirm your e-mail address first.',
  PasswordResetRequiredException: 'Your password must be reset. Use “Forgot password?” below.',
  EmptySignInUsername: 'Enter your e-mail address.',
  EmptySignInPassword: 'Enter your password.',
  EmptySignUpUsername: 'Enter your e-mail address.',
  EmptySignUpPassword: 'Enter a password.',
  EmptyConfirmSignUpCode: 'Enter the code from the e-mail.',
  EmptyConfirmResetPasswordConfirmationCode: 'Enter the code from the e-mail.',
  EmptyConfirmResetPasswordNewPassword: 'Enter a new password.',
  NetworkError: 'We could not reach the sign-in service. Check your connection and try again.',
};

/** Maps whatever Amplify or Cognito threw to an AuthFailure with a friendly message. */
export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof AuthFailure) return error;
  const name = (error as { name?: string } | null)?.name ?? 'Error';
  const message = (error as { message?: string } | null)?.message ?? '';
  if (MESSAGES[name]) return new AuthFailure(name, MESSAGES[name]);
  if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') {
    return new AuthFailure(name, message.replace(/^Password did not conform with policy: /, '') || 'That password is not strong enough.');
  }
  if (error instanceof TypeError || /network|failed to fetch/i.test(message)) return new AuthFailure('NetworkError', MESSAGES.NetworkError!);
  return new AuthFailure(name, message || 'Something went wrong. Please try again.');
}
