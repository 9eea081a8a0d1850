import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { AdminIdentity } from '@shared/schemas';
import { adminQueries, fetchAdminIdentity } from '../../api/admin';
import { authedApi, loadAuth } from '../../api/auth';
import { ApiRequestError } from '../../api/client';

const LOGIN_FAILED = 'Login failed. Please try again.';
const INVALID_CREDENTIALS = 'Invalid credentials';
const NOT_ADMIN = 'Administrator access required';
const RESET_PASSWORD = 'Your password must be reset before you can sign in.';
const UNCONFIRMED = 'This account is not confirmed yet.';
const UNSUPPORTED_STEP = 'This account needs a sign-in step the console does not support.';

/** The sign-in's own failures by name, for the login screens to say in the chosen language; null for any other message. */
export function loginErrorOf(message: string) {
  const known = { failed: LOGIN_FAILED, invalid: INVALID_CREDENTIALS, notAdmin: NOT_ADMIN, reset: RESET_PASSWORD, unconfirmed: UNCONFIRMED, unsupported: UNSUPPORTED_STEP } as const;
  return (Object.keys(known) as (keyof typeof known)[]).find((key) => known[key] === message) ?? null;
}

const WRONG_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException', 'EmptySignInUsername', 'EmptySignInPassword']);

/**
 * Signs an administrator in with the browser's Cognito session (the accounts module, Amplify's password
 * flow): wrong credentials read 'Invalid credentials'; an unreachable service 'Login failed. Please try
 * again.'; any other refusal its own message. Only members of the admin group pass: the server's auth check
 * decides, and a non-admin's fresh session is cleared again.
 */
export async function adminPasswordSignIn(username: string, password: string): Promise<AdminIdentity> {
  let auth: Awaited<ReturnType<typeof loadAuth>>;
  try {
    auth = await loadAuth();
  } catch {
    throw new Error(LOGIN_FAILED);
  }
  let result: Awaited<ReturnType<typeof auth.signInWithPassword>>;
  try {
    result = await auth.signInWithPassword(username, password);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (WRONG_CREDENTIALS.has(code)) throw new Error(INVALID_CREDENTIALS);
    if (code === 'NetworkError') throw new Error(LOGIN_FAILED);
    throw new Error((error as Error).message || INVALID_CREDENTIALS);
  }
  if (result.status === 'resetPassword') throw new Error(RESET_PASSWORD);
  if (result.status === 'confirmSignUp') throw new Error(UNCONFIRMED);
  if (result.status !== 'signedIn') throw new Error(UNSUPPORTED_STEP);
  let identity: AdminIdentity | null;
  try {
    identity = await fetchAdminIdentity();
  } catch (error) {
    throw new Error(error instanceof ApiRequestError ? (error.serverMessage ?? LOGIN_FAILED) : LOGIN_FAILED);
  }
  if (!identity) {
    await auth.clearLocalSession();
    throw new Error(NOT_ADMIN);
  }
  return identity;
}

/** Forgets every admin query and the signed-in user's cached data. */
function forgetSession(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: ['admin'] });
  queryClient.removeQueries({ queryKey: ['auth'] });
}

/** After a successful sign-in: the session query knows the admin without asking again. */
export function rememberAdmin(queryClient: QueryClient, identity: AdminIdentity) {
  forgetSession(queryClient);
  queryClient.setQueryData(adminQueries.session().queryKey, identity);
}

/**
 * Logout: the server revokes the admin's refresh tokens everywhere (POST /api/admin/logout, AdminUserGlobalSignOut)
 * and the browser forgets its tokens; when the server cannot be reached, the browser signs out everywhere itself.
 * Then the login screen shows. Never stuck: local state is cleared either way.
 */
export function useAdminLogout(to: '/admin/login' | '/admin/simple' = '/admin/login') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    let revoked = false;
    try {
      await authedApi('adminLogout');
      revoked = true;
    } catch {
      // Already signed out, or offline: the browser's own sign-out below covers it.
    }
    try {
      const auth = await loadAuth();
      await (revoked ? auth.clearLocalSession() : auth.signOutEverywhere());
    } catch {
      // Both never throw once loaded; a failed load leaves nothing signed in to clear.
    }
    forgetSession(queryClient);
    await navigate({ to, replace: true });
  }, [queryClient, navigate, to]);
}

export const useAdminSession = () => useQuery(adminQueries.session());
