/** What drivers of several contexts share: reading an answer, the admin routes' main failure, time passing. */
import type { HttpCase, Scenario } from '../drive';

export const is = (condition: unknown, message: string) => (condition ? undefined : message);
export const record = (body: unknown) => body as Record<string, unknown>;
export const list = (body: unknown) => (Array.isArray(body) ? body : ((body as { items?: unknown[] })?.items ?? [])) as Record<string, unknown>[];

/** Every admin route's main failure: a signed-in user who is not an admin. */
export const notAdmin = (c: Omit<HttpCase, 'name' | 'as' | 'expect' | 'check'> = {}): HttpCase => ({ name: 'refuses a signed-in user who is not an admin', as: 'user', expect: 403, ...c });

/** Time passed since the payment order (a top-up, a guest order) was made: its createdAt moved back. */
export const orderMadeAgo = (s: Scenario, key: { PK: string; SK: string }, minutes: number) => s.changeItem(key, (item) => ({ ...item, createdAt: new Date(Date.now() - minutes * 60_000).toISOString() }));
