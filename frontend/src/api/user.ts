import { queryOptions } from '@tanstack/react-query';
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

export const userQueries = {
  /** Key ['auth', 'user']: invalidate it after anything that changes the balance or the profile. */
  current: () => queryOptions({ queryKey: ['auth', 'user'] as const, queryFn: fetchCurrentUser, retry: false }),
};
