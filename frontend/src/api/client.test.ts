// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/language';
import { api, ApiRequestError } from './client';

/** What the page's own client makes of an answer (docs/design.md, "Error texts"). */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the call should fail'), (error: unknown) => error as ApiRequestError);

describe('the API client: server messages', () => {
  afterEach(async () => {
    await setLanguage('en');
    vi.unstubAllGlobals();
  });

  it("says 'signed out' in the page's language for a 401, never API Gateway's 'Unauthorized'", async () => {
    answer(401, { message: 'Unauthorized' });
    const english = await failure(api('getCurrentUser'));
    expect(english).toBeInstanceOf(ApiRequestError);
    expect(english.serverMessage).toBe('You are signed out. Please sign in again.');

    await setLanguage('id');
    const fetch = answer(401, { message: 'Unauthorized' });
    const indonesian = await failure(api('getCurrentUser'));
    expect(fetch.mock.calls[0]![1].headers).toMatchObject({ 'accept-language': 'id' });
    expect(indonesian.serverMessage).toBe('Anda sudah keluar. Silakan masuk lagi.');
    // The error's own message stays status and body, as the design says.
    expect(indonesian.message).toBe('401: {"message":"Unauthorized"}');
  });

  it("shows other answers' messages as the server worded them", async () => {
    await setLanguage('id');
    answer(409, { message: 'Saldo tidak cukup' });
    expect((await failure(api('getCurrentUser'))).serverMessage).toBe('Saldo tidak cukup');
  });
});
