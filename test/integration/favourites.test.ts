import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, newAccount } from '../support/auth';
import { apiFetch } from '../support/local';

/** Issue 15, item 5: stations a signed-in user starred, kept in their own partition. */

const favourite = (stationId: string) => `/api/favourites/${encodeURIComponent(stationId)}`;

describe('favourites', () => {
  let first: Record<string, string>;
  let second: Record<string, string>;
  let stations: string[];

  beforeAll(async () => {
    first = bearer((await newAccount('fav-one')).token);
    second = bearer((await newAccount('fav-two')).token);
    stations = ((await apiFetch('/api/machines')).body as { id: string }[]).map((m) => m.id).sort();
    expect(stations.length).toBeGreaterThanOrEqual(2);
  });

  it('adds, lists and removes stars, each twice without a difference', async () => {
    const [a, b] = [stations[0]!, stations[1]!];
    expect(await apiFetch('/api/favourites', { headers: first })).toMatchObject({ status: 200, body: { stationIds: [] } });

    expect(await apiFetch(favourite(b), { method: 'PUT', headers: first })).toMatchObject({ status: 200, body: { stationIds: [b] } });
    expect(await apiFetch(favourite(a), { method: 'PUT', headers: first })).toMatchObject({ status: 200, body: { stationIds: [a, b] } });
    expect(await apiFetch(favourite(a), { method: 'PUT', headers: first })).toMatchObject({ status: 200, body: { stationIds: [a, b] } });
    expect(await apiFetch('/api/favourites', { headers: first })).toMatchObject({ status: 200, body: { stationIds: [a, b] } });

    expect(await apiFetch(favourite(a), { method: 'DELETE', headers: first })).toMatchObject({ status: 200, body: { stationIds: [b] } });
    expect(await apiFetch(favourite(a), { method: 'DELETE', headers: first })).toMatchObject({ status: 200, body: { stationIds: [b] } });
    expect(await apiFetch('/api/favourites', { headers: first })).toMatchObject({ status: 200, body: { stationIds: [b] } });
  });

  it("does not show one user's stars to another", async () => {
    await apiFetch(favourite(stations[1]!), { method: 'PUT', headers: first });
    expect(await apiFetch('/api/favourites', { headers: second })).toMatchObject({ status: 200, body: { stationIds: [] } });
    // The second user's own star and removal leave the first user's alone.
    expect(await apiFetch(favourite(stations[1]!), { method: 'PUT', headers: second })).toMatchObject({ status: 200, body: { stationIds: [stations[1]] } });
    expect(await apiFetch(favourite(stations[1]!), { method: 'DELETE', headers: second })).toMatchObject({ status: 200, body: { stationIds: [] } });
    expect((await apiFetch('/api/favourites', { headers: first })).body).toEqual({ stationIds: [stations[1]] });
  });

  it('answers 404 for an unknown station and stores nothing', async () => {
    const before = (await apiFetch('/api/favourites', { headers: first })).body;
    const answer = await apiFetch(favourite('NONE-99999'), { method: 'PUT', headers: first });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Station NONE-99999 not found' });
    expect((await apiFetch('/api/favourites', { headers: first })).body).toEqual(before);
  });

  it('answers 400 for a station id that is too long', async () => {
    const answer = await apiFetch(favourite('X'.repeat(65)), { method: 'PUT', headers: first });
    expect(answer.status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    for (const [method, path] of [['GET', '/api/favourites'], ['PUT', favourite(stations[0]!)], ['DELETE', favourite(stations[0]!)]] as const) {
      const answer = await apiFetch(path, { method });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toEqual({ message: 'Unauthorized' });
    }
  });
});
