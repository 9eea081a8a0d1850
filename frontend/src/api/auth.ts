import type { RouteId, RouteResponse } from '@shared/routes';
import { loadAuth } from '../features/auth/load';
import { api } from './client';

export { loadAuth };

/** `api()` for protected routes: makes sure the auth module (and so the bearer token) is in place first. */
export async function authedApi<R extends RouteId>(id: R, options?: Parameters<typeof api<R>>[1]): Promise<RouteResponse<R>> {
  await loadAuth();
  return api(id, options);
}
