import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildPath, routeIds, routes } from '@shared/routes';
import { type RouteDefinition } from '@shared/routes/route';
import { bearer, currentCode, signInAs } from '../support/auth';
import { apiFetch } from '../support/local';

/** Every console route an admin may call, with placeholder path parameters: a route added later is covered too. */
const adminRoutes = routeIds
  .filter((id) => { const auth = (routes[id] as RouteDefinition).auth; return typeof auth !== 'string' && auth.includes('admin'); })
  .map((id) => {
    const route: RouteDefinition = routes[id];
    const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, 'HRL-00001']));
    return { id, method: route.method, path: buildPath(route.path, params), hasBody: Boolean(route.body) };
  });

describe('admin routes are for administrators only', () => {
  it('covers every admin route of the console', () => {
    const ids = adminRoutes.map((r) => r.id);
    for (const id of ['adminLogout', 'adminAuthCheck', 'adminStats', 'adminListUsers', 'adminUpdateUser', 'adminListTransactions', 'adminListHostRequests',
      'adminUpdateHostRequest', 'adminDeleteHostRequest', 'adminCreateMachine', 'adminUpdateMachine', 'adminGetSettings', 'adminPutSettings', 'geocode']) {
      expect(ids).toContain(id);
    }
  });

  it.each(adminRoutes)('$method $path ($id) answers 401 without a token', async ({ method, path, hasBody }) => {
    const { status, body } = await apiFetch(path, { method, ...(hasBody ? { json: {} } : {}) });
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Unauthorized' });
  });

  it.each(adminRoutes)('$method $path ($id) answers 403 to a signed-in user who is not an admin', async ({ method, path, hasBody }) => {
    const user = await signInAs('user');
    const { status, body } = await apiFetch(path, { method, headers: bearer(user.token), ...(hasBody ? { json: {} } : {}) });
    expect(status).toBe(403);
    expect(body.message).toBe('Administrator access required');
  });
});

describe('POST /api/admin/login (the script contract, backed by Cognito)', () => {
  it("answers 'Invalid credentials' (401) for a wrong password and an unknown user", async () => {
    const admin = await signInAs('admin');
    for (const credentials of [{ username: admin.username, password: 'Wrong-Password-1!' }, { username: 'nobody@example.com', password: 'Whatever-2025!' }]) {
      const { status, body } = await apiFetch('/api/admin/login', { method: 'POST', json: credentials });
      expect(status).toBe(401);
      expect(body).toEqual({ message: 'Invalid credentials' });
    }
  });

  it("answers a non-admin's correct password exactly as a wrong one (401), so it tells nothing about app passwords", async () => {
    const user = await signInAs('user');
    const right = await apiFetch('/api/admin/login', { method: 'POST', json: { username: user.username, password: user.password } });
    const wrong = await apiFetch('/api/admin/login', { method: 'POST', json: { username: user.username, password: 'Wrong-Password-1!' } });
    expect(right.status).toBe(401);
    expect(right.body).toEqual({ message: 'Invalid credentials' });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: right.status, body: right.body });
  });

  it('requires username and password (400 naming the fields)', async () => {
    const { status, body } = await apiFetch('/api/admin/login', { method: 'POST', json: { username: '', password: '' } });
    expect(status).toBe(400);
    expect(body.fields).toMatchObject({ username: 'Username is required', password: 'Password is required' });
  });

  it('signs an admin in (with the code of its TOTP): the tokens it returns pass the auth check, which names the admin; logout answers ok', async () => {
    const admin = await signInAs('admin');
    const { status, body } = await apiFetch('/api/admin/login', { method: 'POST', json: { username: admin.username, password: admin.password, code: currentCode() } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ username: admin.username, role: 'admin' });
    expect(decodeJwt(body.idToken)['cognito:groups']).toEqual(['admin']);
    const check = await apiFetch('/api/admin/auth/check', { headers: bearer(body.idToken) });
    expect(check).toMatchObject({ status: 200, body: { username: admin.username, role: 'admin' } });
    const logout = await apiFetch('/api/admin/logout', { method: 'POST', headers: bearer(body.idToken) });
    expect(logout).toMatchObject({ status: 200, body: { ok: true } });
  });
});
