import type { RouteId, RouteResponse } from '@shared/routes';
import { api, apiText } from './client';

type AuthModule = typeof import('../features/auth');

let loading: Promise<AuthModule> | undefined;

/**
 * Loads the browser auth module on demand (it carries Amplify, which stays out of the landing page's bundle).
 * Loading it configures Amplify and the bearer token of api/client.ts. A failed load may be tried again.
 */
export function loadAuth(): Promise<AuthModule> {
  loading ??= import('../features/auth').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** `api()` for protected routes: makes sure the auth module (and so the bearer token) is in place first. */
export async function authedApi<R extends RouteId>(id: R, options?: Parameters<typeof api<R>>[1]): Promise<RouteResponse<R>> {
  await loadAuth();
  return api(id, options);
}

/** `apiText()` (a file the route answers) for protected routes. */
export async function authedApiText<R extends RouteId>(id: R, options?: Parameters<typeof apiText<R>>[1]): Promise<string> {
  await loadAuth();
  return apiText(id, options);
}
