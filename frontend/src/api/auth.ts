import { useMutation } from '@tanstack/react-query';
import type { RouteId, RouteResponse } from '@shared/routes';
import { loadAuth } from '../features/auth/load';
import { api, apiText } from './client';

export { loadAuth };

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

/** Signs out on every device (revoking the refresh tokens and clearing this browser's), then leaves for `then` whatever came of it. */
export const useSignOutEverywhere = (then: string) =>
  useMutation({
    mutationFn: async () => {
      try {
        await (await loadAuth()).signOutEverywhere();
      } finally {
        window.location.assign(then);
      }
    },
  });
