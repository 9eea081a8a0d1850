import { queryOptions } from '@tanstack/react-query';
import { staffRoleOf } from '@shared/roles';
import type { CurrentUser } from '@shared/schemas/user';
import { signOutSettled } from '../features/auth/signed-out';
import { loadAuth } from './auth';
import { api, ApiRequestError } from './client';

/**
 * The signed-in user (GET /api/auth/user). Its presence alone decides whether the visitor is signed in
 * (docs/design.md, "States"): null when there is no session or the API answers 401; no retry on failure.
 */
async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<CurrentUser | null> {
  await signOutSettled();
  const auth = await loadAuth();
  if (!(await auth.getIdToken())) return null;
  try {
    return await api('getCurrentUser', { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** Every query of who is signed in: what signing out of the console forgets. */
export const authKeys = { all: ['auth'] as const };

export const userQueries = {
  /** Key ['auth', 'user']: invalidate it after anything that changes the balance or the profile. */
  current: () => queryOptions({ queryKey: [...authKeys.all, 'user'] as const, queryFn: fetchCurrentUser, retry: false }),
  /** The console role of the signed-in account's groups (null for a customer), without asking the server. */
  staffRole: () => queryOptions({ queryKey: [...authKeys.all, 'staff-role'] as const, queryFn: async () => staffRoleOf(await (await loadAuth()).currentGroups()) }),
};
