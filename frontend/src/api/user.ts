import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/user';
import { signOutSettled } from '../features/auth/signed-out';
import { loadAuth } from './auth';
import { api, ApiRequestError } from './client';
import { staffRoleOf } from '@shared/roles';

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

/** What the signed-in person's session read ('auth'): forgotten at sign-out. */
export const authKeys = { all: ['auth'] as const };

export const userQueries = {
  /** Key ['auth', 'user']: invalidate it after anything that changes the balance or the profile. */
  current: () => queryOptions({ queryKey: [...authKeys.all, 'user'] as const, queryFn: fetchCurrentUser, retry: false }),
  /** The console role the token's groups name (staff see a link to their own home), or null for a customer. */
  staffRole: () => queryOptions({ queryKey: [...authKeys.all, 'staff-role'] as const, queryFn: async () => staffRoleOf(await (await loadAuth()).currentGroups()) }),
};
