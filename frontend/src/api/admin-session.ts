import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { AdminIdentity } from '@shared/schemas/user';
import { adminKeys, adminQueries } from './admin';
import { authKeys } from './user';
import { authedApi, loadAuth } from './auth';
import { api, ApiRequestError } from './client';

const LOGIN_FAILED = 'Login failed. Please try again.';
const INVALID_CREDENTIALS = 'Invalid credentials';
const NOT_ADMIN = 'Administrator access required';
const RESET_PASSWORD = 'Your password must be reset before you can sign in.';
const UNCONFIRMED = 'This account is not confirmed yet.';
const UNSUPPORTED_STEP = 'This account needs a sign-in step the console does not support.';
const WRONG_CODE = 'That code is not right. Check the time on your phone and enter the code the app shows now.';

/** The sign-in's own failures by name, for the login screens to say in the chosen language; null for any other message. */
export function loginErrorOf(message: string) {
  const known = { failed: LOGIN_FAILED, invalid: INVALID_CREDENTIALS, notAdmin: NOT_ADMIN, reset: RESET_PASSWORD, unconfirmed: UNCONFIRMED, unsupported: UNSUPPORTED_STEP, wrongCode: WRONG_CODE } as const;
  return (Object.keys(known) as (keyof typeof known)[]).find((key) => known[key] === message) ?? null;
}

const WRONG_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'EmptySignInUsername', 'EmptySignInPassword']);
/** A TOTP code Cognito refused: at sign-in (CodeMismatch), at enrolment (EnableSoftwareTokenMFA, or CodeMismatch as the local cloud's cognito-local says). */
const WRONG_CODES = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException', 'ExpiredCodeException']);

/** A TOTP step's failure: a wrong code, the service down, or Cognito's own message. */
function codeFailure(error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  if (WRONG_CODES.has(code)) return new Error(WRONG_CODE);
  return new Error(code === 'NetworkError' ? LOGIN_FAILED : (error as Error).message || LOGIN_FAILED);
}

/**
 * Where a console sign-in stands: done (the console opens), a TOTP code to answer (the account has TOTP enrolled),
 * or an administrator to enrol TOTP first: the admin group reaches the console, and its money routes, only with a
 * second factor (docs/architecture.md, "Roles").
 */
export type ConsoleSignIn = { step: 'done'; identity: AdminIdentity } | { step: 'code' } | { step: 'enrol'; identity: AdminIdentity };

type Auth = Awaited<ReturnType<typeof loadAuth>>;

async function auth(): Promise<Auth> {
  try {
    return await loadAuth();
  } catch {
    throw new Error(LOGIN_FAILED);
  }
}

/** A sign-in's failure as the login screens say it: wrong credentials, the service down, or Cognito's own message. */
function signInFailure(error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  if (WRONG_CREDENTIALS.has(code)) return new Error(INVALID_CREDENTIALS);
  if (code === 'NetworkError') return new Error(LOGIN_FAILED);
  return new Error((error as Error).message || INVALID_CREDENTIALS);
}

/**
 * Signs a console user in with the browser's Cognito session (the accounts module, Amplify's password flow): wrong
 * credentials read 'Invalid credentials'; an unreachable service 'Login failed. Please try again.'; any other refusal
 * its own message. An account with TOTP enrolled then answers a code (adminCodeSignIn).
 */
async function adminPasswordSignIn(username: string, password: string): Promise<ConsoleSignIn> {
  const accounts = await auth();
  let result: Awaited<ReturnType<Auth['signInWithPassword']>>;
  try {
    result = await accounts.signInWithPassword(username, password);
  } catch (error) {
    throw signInFailure(error);
  }
  if (result.status === 'resetPassword') throw new Error(RESET_PASSWORD);
  if (result.status === 'confirmSignUp') throw new Error(UNCONFIRMED);
  if (result.status === 'totpCode') return { step: 'code' };
  if (result.status !== 'signedIn') throw new Error(UNSUPPORTED_STEP);
  return signedIn(accounts);
}

/** A step with the authenticator app, its failure said as the login screens say it (codeFailure). */
async function totpStep<T>(step: (accounts: Auth) => Promise<T>): Promise<{ accounts: Auth; value: T }> {
  const accounts = await auth();
  try {
    return { accounts, value: await step(accounts) };
  } catch (error) {
    throw codeFailure(error);
  }
}

/** The second step: the code of the authenticator app (a wrong one reads as Cognito says it). */
async function adminCodeSignIn(code: string): Promise<ConsoleSignIn> {
  const { accounts } = await totpStep((a) => a.confirmTotpCode(code));
  return signedIn(accounts);
}

/** TOTP enrolment of the signed-in administrator, step 1: the secret for the authenticator app (key and QR code). */
export async function startTotpEnrolment(accountName: string): Promise<{ secret: string; uri: string }> {
  return (await totpStep((a) => a.startTotpSetup(accountName))).value;
}

/** Step 2: a code of the app turns TOTP on; then every session ends (endConsoleSession) and the login asks again, with a code. */
async function finishTotpEnrolment(code: string, queryClient: QueryClient): Promise<void> {
  await totpStep((a) => a.finishTotpSetup(code));
  await endConsoleSession(queryClient);
}

/** Step 2 as a mutation: `onEnrolled` runs once every session has ended, for the login to ask again. */
export function useFinishTotpEnrolment(onEnrolled: () => void) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (code: string) => finishTotpEnrolment(code, queryClient), onSuccess: onEnrolled });
}

/**
 * Only console users pass: the server's auth check decides, and anyone else's fresh session is cleared again. An
 * administrator without TOTP enrols it before the console opens.
 */
async function signedIn(accounts: Auth): Promise<ConsoleSignIn> {
  let identity: AdminIdentity;
  try {
    identity = await api('adminAuthCheck');
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
      await accounts.clearLocalSession();
      throw new Error(NOT_ADMIN);
    }
    throw new Error(error instanceof ApiRequestError ? (error.serverMessage ?? LOGIN_FAILED) : LOGIN_FAILED);
  }
  try {
    return identity.role === 'admin' && !(await accounts.hasTotp()) ? { step: 'enrol', identity } : { step: 'done', identity };
  } catch {
    throw new Error(LOGIN_FAILED);
  }
}

/** Forgets every admin query and the signed-in user's cached data. */
function forgetSession(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: adminKeys.all });
  queryClient.removeQueries({ queryKey: authKeys.all });
}

/** After a successful sign-in: the session query knows the admin without asking again. */
export function rememberAdmin(queryClient: QueryClient, identity: AdminIdentity) {
  forgetSession(queryClient);
  queryClient.setQueryData(adminQueries.session().queryKey, identity);
}

/**
 * Ends the console session: the server revokes the user's refresh tokens everywhere (POST /api/admin/logout,
 * AdminUserGlobalSignOut) and the browser forgets its tokens; when the server cannot be reached, the browser signs
 * out everywhere itself. Never stuck: local state is cleared either way. Also after TOTP enrolment, so that the next
 * sign-in is the first with a code and no session from before it lives on.
 */
export async function endConsoleSession(queryClient: QueryClient): Promise<void> {
  let revoked = false;
  try {
    await authedApi('adminLogout');
    revoked = true;
  } catch {
    // Already signed out, or offline: the browser's own sign-out below covers it.
  }
  try {
    const accounts = await loadAuth();
    await (revoked ? accounts.clearLocalSession() : accounts.signOutEverywhere());
  } catch {
    // Both never throw once loaded; a failed load leaves nothing signed in to clear.
  }
  forgetSession(queryClient);
}

/**
 * The console's two sign-in steps as mutations: the password (`login`), then, for an account with TOTP, its code
 * (`code`); `onSignIn` gets where each step leaves the sign-in (ConsoleSignIn).
 */
export function useAdminSignIn(credentials: () => { username: string; password: string }, onSignIn: (result: ConsoleSignIn) => unknown) {
  const login = useMutation({
    mutationFn: () => {
      const { username, password } = credentials();
      return adminPasswordSignIn(username, password);
    },
    onSuccess: onSignIn,
  });
  const code = useMutation({ mutationFn: (value: string) => adminCodeSignIn(value), onSuccess: onSignIn });
  return { login, code };
}

/** Logout: the session ends (endConsoleSession), then the login screen shows; busy from the click until it does. */
export function useAdminLogout(to: '/admin/login' | '/admin/simple' = '/admin/login') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await endConsoleSession(queryClient);
      await navigate({ to, replace: true });
    },
  });
}

export const useAdminSession = () => useQuery(adminQueries.session());
