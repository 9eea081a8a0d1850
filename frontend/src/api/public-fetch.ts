import type { RouteBody, RouteId, RouteResponse, Routes } from '@shared/routes';
import { watchNetwork } from '../features/pwa/online-status';
import { getLanguage } from '../i18n/language';

/**
 * A zod-free caller for the few public routes the landing page needs. `client.ts` imports the whole
 * route table and with it zod (about 25 KB gzip), which would more than double the landing page's own
 * JavaScript; these paths are checked against the contract at compile time instead.
 */
class PublicApiError extends Error {
  constructor(readonly status: number, readonly bodyText: string) {
    // docs/design.md, "Error texts": the status code, a colon, and the body text (or the status text).
    super(`${status}: ${bodyText}`);
    this.name = 'PublicApiError';
  }
}

type PathOf<R extends RouteId> = Routes[R]['path'];

async function call<R extends RouteId>(method: Routes[R]['method'], path: PathOf<R>, body?: RouteBody<R>, signal?: AbortSignal): Promise<RouteResponse<R>> {
  const response = await watchNetwork(fetch(path, {
    method,
    credentials: 'include',
    // The server's texts in the page's language (docs/design.md, "Error texts").
    headers: { accept: 'application/json', 'accept-language': getLanguage(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  }));
  const text = await response.text();
  if (!response.ok) throw new PublicApiError(response.status, text || response.statusText);
  return (text ? JSON.parse(text) : null) as RouteResponse<R>;
}

export const publicApi = {
  listMachines: (signal?: AbortSignal) => call<'listMachines'>('GET', '/api/machines', undefined, signal),
  createHostRequest: (body: RouteBody<'createHostRequest'>) => call<'createHostRequest'>('POST', '/api/host-requests', body),
};
