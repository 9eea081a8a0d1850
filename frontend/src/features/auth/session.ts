import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchMFAPreference,
  resendSignUpCode as amplifyResendSignUpCode,
  resetPassword,
  signIn,
  setUpTOTP,
  signOut,
  signUp,
  updateMFAPreference,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { setTokenProvider } from '../../api/client';
import type { Language } from '@shared/language';
import { getLanguage } from '../../i18n/language';
import { amplifyAuthConfig, authSettings } from './config';
import { AuthFailure, toAuthFailure } from './errors';

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];

let configured = false;

/** Configures Amplify once (idempotent) and makes every protected API call carry the ID token. */
export function configureAuth() {
  if (configured) return;
  const settings = authSettings();
  Amplify.configure(amplifyAuthConfig(settings));
  const { endpoint, clientId } = settings;
  if (endpoint) {
    // Only the local cloud's pool has an endpoint of its own: its refresher is a chunk that Cognito's users never load.
    const refresher = import('./local-refresher').then(({ initiateAuthRefresher }) => initiateAuthRefresher(endpoint, clientId));
    const refreshLocally = async (request: Parameters<Awaited<typeof refresher>>[0]) => (await refresher)(request);
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(refreshLocally as unknown as TokenRefresher);
  }
  setTokenProvider(getIdToken);
  configured = true;
}

const normalise = (username: string) => (username.includes('@') ? username.trim().toLowerCase() : username.trim());

export type SignInResult =
  | { status: 'signedIn' }
  /** The account exists but its e-mail is not confirmed yet: ask for the code (confirmSignUpCode). */
  | { status: 'confirmSignUp' }
  /** An administrator asked for a new password: use requestPasswordReset. */
  | { status: 'resetPassword' }
  /** The account has TOTP enrolled: answer with a code of its authenticator app (confirmTotpCode). */
  | { status: 'totpCode' }
  /** A step this app does not support (SMS or e-mail codes, a forced new password). */
  | { status: 'unsupported'; step: string };

/**
 * Signs in with e-mail (or username) and password through the password flow (USER_PASSWORD_AUTH; cognito-local has
 * no SRP). A different user still signed in on this browser is signed out first. Throws AuthFailure with a message
 * fit to show (e.g. 'Incorrect e-mail or password.').
 */
export async function signInWithPassword(username: string, password: string): Promise<SignInResult> {
  configureAuth();
  const attempt = () => signIn({ username: normalise(username), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  try {
    let result;
    try {
      result = await attempt();
    } catch (error) {
      if ((error as Error).name !== 'UserAlreadyAuthenticatedException') throw error;
      await signOut();
      result = await attempt();
    }
    if (result.isSignedIn) return { status: 'signedIn' };
    const step = result.nextStep.signInStep;
    if (step === 'CONFIRM_SIGN_UP') return { status: 'confirmSignUp' };
    if (step === 'RESET_PASSWORD') return { status: 'resetPassword' };
    if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { status: 'totpCode' };
    return { status: 'unsupported', step };
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/** Second step of a sign-in with TOTP: the 6-digit code of the authenticator app (Cognito's SOFTWARE_TOKEN_MFA). */
export async function confirmTotpCode(code: string): Promise<void> {
  configureAuth();
  try {
    const result = await confirmSignIn({ challengeResponse: code.replace(/\s/g, '') });
    if (!result.isSignedIn) throw new AuthFailure('unsupported', `Sign-in asks for another step (${result.nextStep.signInStep})`);
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/** Whether the signed-in account has TOTP enabled (then every sign-in of it asks for a code). */
export async function hasTotp(): Promise<boolean> {
  configureAuth();
  try {
    return (await fetchMFAPreference()).enabled?.includes('TOTP') ?? false;
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/**
 * TOTP enrolment, step 1: Cognito makes a secret for the signed-in account. The secret (base32, for typing in) and
 * the otpauth:// URI (for the QR code) go to the authenticator app; nothing is kept here.
 */
export async function startTotpSetup(accountName: string): Promise<{ secret: string; uri: string }> {
  configureAuth();
  try {
    const setup = await setUpTOTP();
    return { secret: setup.sharedSecret, uri: setup.getSetupUri('Bali Refill', accountName).toString() };
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/** TOTP enrolment, step 2: a code of the app proves it has the secret; TOTP is then on (and preferred) for every sign-in. */
export async function finishTotpSetup(code: string): Promise<void> {
  configureAuth();
  try {
    await verifyTOTPSetup({ code: code.replace(/\s/g, '') });
    await updateMFAPreference({ totp: 'PREFERRED' });
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/**
 * Signs out on every device: revokes the refresh tokens at Cognito (global sign-out; the local identity does the same,
 * infra/local/identity-server.mjs) and clears this browser's tokens. Never throws: the local tokens are cleared even
 * when Cognito cannot be reached.
 */
export async function signOutEverywhere(): Promise<void> {
  configureAuth();
  try {
    await signOut({ global: true });
  } catch {
    await clearLocalSession();
  }
}

/** Clears this browser's tokens only (revoking its refresh token where Cognito allows). Never throws. */
export async function clearLocalSession(): Promise<void> {
  configureAuth();
  try {
    await signOut();
  } catch {
    // Nothing stored, or Cognito unreachable: the tokens are cleared either way.
  }
}

/** The current ID token (refreshed when it has expired), or null when nobody is signed in. */
export async function getIdToken(): Promise<string | null> {
  configureAuth();
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** Cognito groups of the signed-in user from the ID token (['admin'] for administrators); [] when signed out. */
export async function currentGroups(): Promise<string[]> {
  configureAuth();
  try {
    const session = await fetchAuthSession();
    const groups = session.tokens?.idToken?.payload['cognito:groups'];
    return Array.isArray(groups) ? groups.map(String) : [];
  } catch {
    return [];
  }
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** Registers an account with the e-mail as username; Cognito e-mails a code to confirm it (confirmSignUpCode). */
export async function signUpWithEmail(input: SignUpInput): Promise<{ status: 'confirmSignUp'; destination: string | null } | { status: 'done' }> {
  configureAuth();
  const email = normalise(input.email);
  // The language of the page the account is made on: the account's e-mails are written in it (docs/architecture.md, "E-mail").
  const userAttributes: Record<string, string> = { email, locale: getLanguage() };
  if (input.firstName?.trim()) userAttributes.given_name = input.firstName.trim();
  if (input.lastName?.trim()) userAttributes.family_name = input.lastName.trim();
  try {
    const result = await signUp({ username: email, password: input.password, options: { userAttributes } });
    if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
      return { status: 'confirmSignUp', destination: result.nextStep.codeDeliveryDetails.destination ?? null };
    }
    return { status: 'done' };
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/**
 * Keeps the account's `locale` (the language of its code e-mails: docs/architecture.md, "E-mail") the one the person
 * reads the app in; nothing is sent when the session's token already says so.
 */
export async function keepAccountLanguage(language: Language): Promise<void> {
  configureAuth();
  const session = await fetchAuthSession();
  if (!session.tokens || session.tokens.idToken?.payload.locale === language) return;
  await updateUserAttributes({ userAttributes: { locale: language } });
}

/** Confirms a new account with the code from the e-mail. */
export async function confirmSignUpCode(email: string, code: string): Promise<void> {
  configureAuth();
  try {
    await confirmSignUp({ username: normalise(email), confirmationCode: code.trim() });
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/** Sends the sign-up confirmation code again. */
export async function resendSignUpCode(email: string): Promise<void> {
  configureAuth();
  try {
    await amplifyResendSignUpCode({ username: normalise(email) });
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/** Forgot password, step 1: Cognito e-mails a code. */
export async function requestPasswordReset(email: string): Promise<{ destination: string | null }> {
  configureAuth();
  try {
    const result = await resetPassword({ username: normalise(email) });
    return { destination: result.nextStep.codeDeliveryDetails?.destination ?? null };
  } catch (error) {
    throw toAuthFailure(error);
  }
}

/** Forgot password, step 2: the code from the e-mail and the new password. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  configureAuth();
  try {
    await confirmResetPassword({ username: normalise(email), confirmationCode: code.trim(), newPassword });
  } catch (error) {
    throw toAuthFailure(error);
  }
}

export { AuthFailure };
