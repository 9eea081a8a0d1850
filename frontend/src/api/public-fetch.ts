import type { RouteBody, RouteId, RouteResponse, Routes } from '@shared/routes';
import { watchNetwork } from '../features/pwa/online-status';
import { getLanguage } from '../i18n/language';

/**
 * A zod-free caller for the few public routes the public pages' first render needs (the landing page, a station's
 * sticker page, a guest's receipt). `client.ts` imports the whole route table and with it zod (about 25 KB gzip), which would more than
 * double such a page's own JavaScript; these paths are checked against the contract at compile time instead.
 */
export class PublicApiError extends Error {
  constructor(readonly status: number, readonly bodyText: string) {
    // docs/design.md, "Error texts": the status code, a colon, and the body text (or the status text).
    super(`${status}: ${bodyText}`);
    this.name = 'PublicApiError';
  }
}

type PathOf<R extends RouteId> = Routes[R]['path'];

interface CallOptions<R extends RouteId> {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: RouteBody<R>;
  signal?: AbortSignal;
}

async function call<R extends RouteId>(method: Routes[R]['method'], path: PathOf<R>, { params = {}, query, body, signal }: CallOptions<R> = {}): Promise<RouteResponse<R>> {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '')) + (query ? `?${new URLSearchParams(query)}` : '');
  const response = await watchNetwork(fetch(url, {
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
  listMachines: (signal?: AbortSignal) => call<'listMachines'>('GET', '/api/machines', { signal }),
  getMachine: (id: string, signal?: AbortSignal) => call<'getMachine'>('GET', '/api/machines/{id}', { params: { id }, signal }),
  getGuestOrder: (id: string, secret: string, signal?: AbortSignal) => call<'getGuestOrder'>('GET', '/api/guest/orders/{id}', { params: { id }, query: { secret }, signal }),
  createHostRequest: (body: RouteBody<'createHostRequest'>) => call<'createHostRequest'>('POST', '/api/host-requests', { body }),
};
