import {
  AdminAddUserToGroupCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routeIds, routes } from '@shared/routes';
import { type RouteDefinition } from '@shared/routes/route';
import { passwordSignIn } from '@infra/local/identity';
import { totpCode } from '@infra/local/totp';
import { adminHeaders } from '../support/admin';
import { bearer, currentCode, newAccount, seededAccount } from '../support/auth';
import { apiFetch, local } from '../support/local';

/** Every route that moves money (or sets its price), with placeholder path parameters: a route added later is covered too. */
const moneyRoutes = routeIds
  .filter((id) => (routes[id] as RouteDefinition).secondFactor)
  .map((id) => {
    const route: RouteDefinition = routes[id];
    const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, 'no-such-id']));
    // A body no route takes (none on a GET, which has none).
    return { id, method: route.method, path: buildPath(route.path, params), json: route.method === 'GET' ? undefined : [] };
  });

const SECOND_FACTOR_REQUIRED = 'This needs a sign-in with a code from your authenticator app: turn on two-step sign-in (TOTP) for your account, then sign in again';

let cognito: CognitoIdentityProviderClient;
/** An administrator made for this file: in the admin group, without TOTP until a test enrols it. */
let admin: { email: string; password: string; token: string };

beforeAll(async () => {
  const { endpoint, region, userPoolId, clientId } = local().cognito;
  cognito = new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const account = await newAccount('second-factor');
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: account.sub, GroupName: 'admin' }));
  const tokens = await passwordSignIn(cognito, clientId, { username: account.email, password: account.password });
  admin = { email: account.email, password: account.password, token: tokens.IdToken! };
});
afterAll(() => cognito?.destroy());

describe('the routes that move money need a sign-in with TOTP', () => {
  it('are the adjustments, payouts, claim and incident decisions, guest refunds paid out, commands (prices), settings and the book', () => {
    expect(moneyRoutes.map((r) => r.id).sort()).toEqual(
      ['adminBookDay', 'adminCreateCommand', 'adminJournal', 'adminPayOutGuestRefund', 'adminPutSettings', 'adminResolveClaim', 'adminResolveIncident', 'adminResolvePayout', 'adminUpdateUser'],
    );
  });

  it.each(moneyRoutes)('$method $path ($id) refuses an administrator without TOTP (403, saying what to do)', async ({ method, path, json }) => {
    const { status, body } = await apiFetch(path, { method, headers: bearer(admin.token), json });
    expect({ status, message: body.message }).toEqual({ status: 403, message: SECOND_FACTOR_REQUIRED });
  });

  it.each(moneyRoutes)('$method $path ($id) lets the seeded admin (TOTP enrolled) through to the request (here one no route takes)', async ({ method, path, json }) => {
    const { status } = await apiFetch(path, { method, headers: await adminHeaders(), json });
    expect(status).toBe(400);
  });

  it('leaves the other admin routes to an administrator without TOTP (the console sends them to enrol first)', async () => {
    const { status } = await apiFetch('/api/admin/settings', { headers: bearer(admin.token) });
    expect(status).toBe(200);
  });

  it('lets the administrator through once TOTP is enrolled, when the sign-in answers a code', async () => {
    const { clientId } = local().cognito;
    const { AccessToken } = await passwordSignIn(cognito, clientId, { username: admin.email, password: admin.password });
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!) }));
    await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));

    await expect(passwordSignIn(cognito, clientId, { username: admin.email, password: admin.password })).rejects.toThrow(/SOFTWARE_TOKEN_MFA/);
    const { IdToken } = await passwordSignIn(cognito, clientId, { username: admin.email, password: admin.password, totpSecret: SecretCode! });
    const path = buildPath(routes.adminResolveIncident.path, { id: 'no-such-session' });
    const { status, body } = await apiFetch(path, { method: 'POST', headers: bearer(IdToken!), json: { dispensedMl: 0, note: 'second factor test' } });
    expect({ status, message: body.message }).toEqual({ status: 404, message: 'Incident not found' });
  });
});

describe('POST /api/admin/login with TOTP (the script contract)', () => {
  const login = (json: object) => apiFetch('/api/admin/login', { method: 'POST', json });
  const seeded = () => seededAccount('admin');

  it('names the seeded admin\'s secret in the outputs, and signs the admin in with the current code', async () => {
    expect(seeded().totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const { status, body } = await login({ username: seeded().username, password: seeded().password, code: currentCode() });
    expect(status).toBe(200);
    const check = await apiFetch('/api/admin/auth/check', { headers: bearer(body.idToken) });
    expect(check).toMatchObject({ status: 200, body: { username: seeded().username, role: 'admin' } });
  });

  it('asks for the code when it is missing (401), and answers a wrong one as wrong credentials', async () => {
    const missing = await login({ username: seeded().username, password: seeded().password });
    expect(missing).toMatchObject({ status: 401, body: { message: 'This account signs in with a code from its authenticator app: send it as `code`' } });
    const wrongCode = String((Number(currentCode()) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await login({ username: seeded().username, password: seeded().password, code: wrongCode });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid credentials' } });
    const malformed = await login({ username: seeded().username, password: seeded().password, code: '12ab' });
    expect(malformed).toMatchObject({ status: 400, body: { fields: { code: 'The code has 6 digits' } } });
  });
});
