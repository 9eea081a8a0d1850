import { watchNetwork } from '../features/pwa/online-status';
import { common } from '../i18n/common';
import { getLanguage } from '../i18n/language';
import { messagesIn } from '../i18n/messages';
import { buildPath, routes, type RouteBody, type RouteId, type RouteParams, type RouteQuery, type RouteResponse } from '@shared/routes';

/** A failed call: message is `status: body-text` as docs/design.md, "Error texts" says; `body` is the parsed error when JSON. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: { message?: string; fields?: Record<string, string> } | null,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiRequestError';
  }
  /**
   * The server's own message, for toasts that show it. A 401 reads "signed out, sign in again" in the page's language:
   * API Gateway's JWT authorizer answers a missing or expired token itself, in English (`{"message":"Unauthorized"}`).
   */
  get serverMessage(): string | undefined {
    if (this.status === 401) return messagesIn(common, getLanguage()).signedOut;
    return this.body?.message;
  }
}

type Options<R extends RouteId> = {
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  body?: RouteBody<R>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Supplies the bearer token of the signed-in user; set by the auth module. */
let tokenProvider: () => Promise<string | null> = async () => null;
export function setTokenProvider(provider: () => Promise<string | null>) {
  tokenProvider = provider;
}

/** Typed call of one route of the contract. */
export async function api<R extends RouteId>(id: R, options: Options<R> = {}): Promise<RouteResponse<R>> {
  const text = await send(id, options, 'application/json');
  return (text ? JSON.parse(text) : null) as RouteResponse<R>;
}

/** A route that answers a file (a CSV export): its text; failures as api()'s. */
export function apiText<R extends RouteId>(id: R, options: Options<R> = {}): Promise<string> {
  return send(id, options, 'text/csv');
}

async function send<R extends RouteId>(id: R, options: Options<R>, accept: string): Promise<string> {
  const route = routes[id];
  let url = buildPath(route.path, (options.params ?? {}) as Record<string, string>);
  if (options.query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query as Record<string, unknown>)) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    }
    const qs = search.toString();
    if (qs) url += `?${qs}`;
  }
  // The server's texts (error messages, stored outcomes) in the page's language (docs/design.md, "Error texts").
  const headers: Record<string, string> = { accept, 'accept-language': getLanguage(), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (route.auth !== 'public') {
    const token = await tokenProvider();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  const response = await watchNetwork(fetch(url, {
    method: route.method,
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  }));
  const text = await response.text();
  if (!response.ok) {
    let parsed: ApiRequestError['body'] = null;
    try {
      parsed = JSON.parse(text) as ApiRequestError['body'];
    } catch {
      parsed = null;
    }
    throw new ApiRequestError(response.status, text || response.statusText, parsed);
  }
  return text;
}
