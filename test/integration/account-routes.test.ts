import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { DynamoUsers } from '@functions/accounts/adapters/dynamodb/users';
import { randomIds, systemClock } from '@functions/platform/ports/clock';
import { EnvironmentalImpact, User } from '@shared/schemas/user';
import { Transaction } from '@shared/schemas/transaction';
import { bearer, newAccount, signIn, signInAs, basicAuth } from '../support/auth';
import { adminHeaders } from '../support/admin';
import { apiFetch, local, testDb } from '../support/local';

const USER_ROUTES = ['/api/auth/user', '/api/environmental-impact', '/api/transactions', '/api/transactions?limit=5'];
const userTransactionsPath = (id: string) => `/api/users/${encodeURIComponent(id)}/transactions`;

function repositories() {
  const { db, tableName } = testDb();
  return { users: new DynamoUsers(db, tableName), ledger: new DynamoLedger(db, tableName, systemClock, randomIds) };
}

/** A top-up and a metered refill for a user, written through the ledger as the wallet and the stations would. */
async function seedWallet(sub: string, topup: number, refillMl: number, machine: { id: string; name: string }) {
  const { ledger } = repositories();
  const top = await ledger.post(sub, 'topup', topup, `test:topup:${sub}`, { reference: `order-${sub}`, actor: 'gateway', paymentMethod: 'ovo' });
  const holdId = `test:vend:${sub}`;
  await ledger.hold(sub, holdId, refillMl, { reference: holdId, actor: `station:${machine.id}` });
  const settled = await ledger.settle(holdId, refillMl, { reference: holdId, actor: `station:${machine.id}`, machineId: machine.id, machineName: machine.name, volumeMl: refillMl });
  return { topupId: top.entries[0]!.id, purchaseId: settled.entries.find((e) => e.type === 'purchase')!.id, balance: settled.balance };
}

describe('account routes refuse callers without a valid token', () => {
  let sub: string;
  let forged: string;
  let expired: string;
  let otherAudience: string;

  beforeAll(async () => {
    ({ sub } = await signInAs('user'));
    const claims = { aud: local().cognito.clientId, email: 'wayan@bali-refill.test', token_use: 'id' };
    const { privateKey } = await generateKeyPair('RS256');
    forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).setSubject(sub)
      .setIssuer(local().cognito.issuer).setIssuedAt().setExpirationTime('1h').sign(privateKey);
    // cognito-local's own key: only the expiry (or the audience) is wrong.
    const { jwk } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: Record<string, string> };
    const realKey = await importJWK(jwk, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const sign = (aud: string, exp: number) => new SignJWT({ ...claims, aud }).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).setSubject(sub)
      .setIssuer(local().cognito.issuer).setIssuedAt(exp - 3600).setExpirationTime(exp).sign(realKey);
    expired = await sign(local().cognito.clientId, now - 60);
    otherAudience = await sign('another-client', now + 600);
    // The same key with a valid expiry and audience is accepted, so the refusals below are about the token alone.
    expect((await apiFetch('/api/auth/user', { headers: bearer(await sign(local().cognito.clientId, now + 600)) })).status).toBe(200);
  });

  const paths = () => [...USER_ROUTES, userTransactionsPath(sub)];

  it('answers 401 without a token', async () => {
    for (const path of paths()) {
      const answer = await apiFetch(path);
      expect(answer.status, path).toBe(401);
      expect(answer.body, path).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers 401 for a token signed by another key', async () => {
    for (const path of paths()) expect((await apiFetch(path, { headers: bearer(forged) })).status, path).toBe(401);
  });

  it('answers 401 for an expired token and for a token of another app client', async () => {
    for (const path of paths()) {
      expect((await apiFetch(path, { headers: bearer(expired) })).status, path).toBe(401);
      expect((await apiFetch(path, { headers: bearer(otherAudience) })).status, path).toBe(401);
    }
  });

  it('answers 401 for a non-bearer authorization', async () => {
    for (const path of paths()) expect((await apiFetch(path, { headers: { authorization: basicAuth('admin', 'admin') } })).status, path).toBe(401);
  });
});

describe('GET /api/auth/user', () => {
  it('creates the user on the first sign-in: id = token subject, balance 0, no impact', async () => {
    const account = await newAccount('first');
    const { users } = repositories();
    expect(await users.get(account.sub)).toBeNull();
    const before = Date.now();
    const answer = await apiFetch('/api/auth/user', { headers: bearer(account.token) });
    expect(answer.status).toBe(200);
    const user = User.parse(answer.body);
    expect(user).toMatchObject({ id: account.sub, username: account.email, email: account.email, profileImageUrl: null, balance: 0, co2Saved: 0, bottlesSaved: 0 });
    expect(Date.parse(user.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await users.get(account.sub);
    expect(stored).toMatchObject({ id: account.sub, balance: 0, dispensedMl: 0, createdAt: user.createdAt });

    // Later calls return the same user, not a new one.
    const again = await apiFetch('/api/auth/user', { headers: bearer(account.token) });
    expect(again.body).toEqual(answer.body);
  });

  it('returns the seeded user with names, whole-rupiah balance and impact from metered litres', async () => {
    const wayan = await signInAs('user');
    const { users } = repositories();
    const stored = (await users.get(wayan.sub))!;
    const answer = await apiFetch('/api/auth/user', { headers: bearer(wayan.token) });
    expect(answer.status).toBe(200);
    const bottles = Math.floor(stored.dispensedMl / 500);
    expect(answer.body).toMatchObject({ id: wayan.sub, firstName: 'Wayan', lastName: 'Sudirta', balance: stored.balance, bottlesSaved: bottles, co2Saved: Math.round(bottles * 0.0828 * 100) / 100 });
    expect(stored.dispensedMl).toBeGreaterThanOrEqual(1500);
  });
});

describe('two users never see each other', () => {
  let a: Awaited<ReturnType<typeof newAccount>>;
  let b: Awaited<ReturnType<typeof newAccount>>;
  let aWallet: Awaited<ReturnType<typeof seedWallet>>;
  let bWallet: Awaited<ReturnType<typeof seedWallet>>;

  beforeAll(async () => {
    // One at a time: cognito-local rewrites its user store file on every change, so a concurrent read may see half of it.
    a = await newAccount('alpha');
    b = await newAccount('bravo');
    const { users } = repositories();
    const now = new Date().toISOString();
    await users.ensure({ id: a.sub, username: a.email, firstName: 'Alpha', lastName: 'One', email: a.email }, now);
    await users.ensure({ id: b.sub, username: b.email, firstName: 'Bravo', lastName: 'Two', email: b.email }, now);
    aWallet = await seedWallet(a.sub, 30_000, 2_000, { id: 'HRL-00001', name: 'Seminyak Square' });
    bWallet = await seedWallet(b.sub, 75_000, 13_500, { id: 'HRL-00002', name: 'Canggu Station' });
  });

  it('GET /api/auth/user answers with the caller only', async () => {
    const ua = await apiFetch('/api/auth/user', { headers: bearer(a.token) });
    const ub = await apiFetch('/api/auth/user', { headers: bearer(b.token) });
    expect(ua.body).toMatchObject({ id: a.sub, email: a.email, firstName: 'Alpha', balance: 28_000, bottlesSaved: 4 });
    expect(ub.body).toMatchObject({ id: b.sub, email: b.email, firstName: 'Bravo', balance: 61_500, bottlesSaved: 27 });
    expect(aWallet.balance).toBe(28_000);
    expect(bWallet.balance).toBe(61_500);
  });

  it('GET /api/transactions lists only own transactions, newest first, as the contract says', async () => {
    for (const [account, wallet, other] of [[a, aWallet, bWallet], [b, bWallet, aWallet]] as const) {
      const answer = await apiFetch('/api/transactions', { headers: bearer(account.token) });
      expect(answer.status).toBe(200);
      const items = answer.body.items.map((t: unknown) => Transaction.parse(t));
      expect(items.map((t: Transaction) => t.id)).toEqual([wallet.purchaseId, wallet.topupId]);
      expect(items.map((t: Transaction) => t.id)).not.toContain(other.purchaseId);
      expect(items.map((t: Transaction) => t.id)).not.toContain(other.topupId);
      expect(answer.body.nextCursor).toBeNull();
    }
    const aItems = (await apiFetch('/api/transactions', { headers: bearer(a.token) })).body.items;
    expect(aItems[0]).toMatchObject({ type: 'purchase', amount: 2_000, volume: 2, paymentMethod: null, machine: { id: 'HRL-00001', name: 'Seminyak Square' } });
    expect(aItems[1]).toMatchObject({ type: 'topup', amount: 30_000, volume: null, paymentMethod: 'ovo', machine: null });
  });

  it('GET /api/environmental-impact is the caller\'s own', async () => {
    const ia = EnvironmentalImpact.parse((await apiFetch('/api/environmental-impact', { headers: bearer(a.token) })).body);
    const ib = EnvironmentalImpact.parse((await apiFetch('/api/environmental-impact', { headers: bearer(b.token) })).body);
    expect(ia).toEqual({ litresRefilled: 2, bottlesSaved: 4, co2Saved: 0.33 });
    expect(ib).toEqual({ litresRefilled: 13.5, bottlesSaved: 27, co2Saved: 2.24 });
  });

  it("GET /api/users/{id}/transactions answers for the own id and 403 for the other's, both ways", async () => {
    const own = await apiFetch(userTransactionsPath(a.sub), { headers: bearer(a.token) });
    expect(own.status).toBe(200);
    expect(own.body.items.map((t: Transaction) => t.id)).toEqual([aWallet.purchaseId, aWallet.topupId]);
    const ab = await apiFetch(userTransactionsPath(b.sub), { headers: bearer(a.token) });
    const ba = await apiFetch(userTransactionsPath(a.sub), { headers: bearer(b.token) });
    for (const answer of [ab, ba]) {
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('HRL-0000');
      expect(answer.body.items).toBeUndefined();
    }
    // An id that does not exist is refused the same way, so ids cannot be probed.
    expect((await apiFetch(userTransactionsPath('no-such-user'), { headers: bearer(a.token) })).status).toBe(403);
  });

  it("lets an administrator read a user's transactions, and 404 for an unknown id", async () => {
    const admin = await signInAs('admin');
    const answer = await apiFetch(userTransactionsPath(b.sub), { headers: bearer(admin.token) });
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((t: Transaction) => t.id)).toEqual([bWallet.purchaseId, bWallet.topupId]);
    expect((await apiFetch(userTransactionsPath('no-such-user'), { headers: bearer(admin.token) })).status).toBe(404);
  });

  it("refuses one user's page cursor to another user", async () => {
    const first = await apiFetch('/api/transactions?limit=1', { headers: bearer(b.token) });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const stolen = await apiFetch(`/api/transactions?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`, { headers: bearer(a.token) });
    expect(stolen.status).toBe(400);
    expect(stolen.text).not.toContain(bWallet.topupId);
  });
});

describe('GET /api/transactions pagination', () => {
  it('pages newest first with a cursor, without gaps or repeats, and hides holds and releases', async () => {
    const account = await newAccount('pager');
    const { users, ledger } = repositories();
    await users.ensure({ id: account.sub, username: account.email, firstName: null, lastName: null, email: account.email }, new Date().toISOString());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await ledger.post(account.sub, 'topup', 10_000 + i, `test:pager:${account.sub}:${i}`, { reference: `o${i}`, actor: 'gateway', paymentMethod: 'gopay' });
      ids.push(r.entries[0]!.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await ledger.hold(account.sub, `test:pager-hold:${account.sub}`, 1_000, { reference: 'h', actor: 'station:HRL-00001' });
    const seen: Transaction[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await apiFetch(`/api/transactions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: bearer(account.token) });
      expect(answer.status).toBe(200);
      expect(answer.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...answer.body.items);
      cursor = answer.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen.map((t) => t.id)).toEqual([...ids].reverse());
    expect(seen.map((t) => t.amount)).toEqual([10_004, 10_003, 10_002, 10_001, 10_000]);
    expect(pages).toBe(3);
  });

  it('validates the page size', async () => {
    const { token } = await signInAs('user');
    expect((await apiFetch('/api/transactions?limit=0', { headers: bearer(token) })).status).toBe(400);
    expect((await apiFetch('/api/transactions?limit=101', { headers: bearer(token) })).status).toBe(400);
  });
});

describe('GET /api/logout', () => {
  it('sends the browser home with the signed-out marker and is not cached', async () => {
    const answer = await fetch(local().api + '/api/logout', { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/?signedOut=1');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a new user whose first call carries an access token', () => {
  it('gets a profile with their e-mail and name (from Cognito, since the token has neither) that the admin finds by e-mail', async () => {
    const account = await newAccount('Ketut');
    const accessToken = await signIn(account.email, account.password, 'access');
    const topup = await apiFetch('/api/wallet/topup', {
      method: 'POST', headers: { ...bearer(accessToken), 'idempotency-key': crypto.randomUUID() }, json: { amount: 25_000, paymentMethod: 'qris' },
    });
    expect(topup.status).toBe(202);
    expect(await new DynamoUsers(testDb().db, testDb().tableName).get(account.sub)).toMatchObject({ email: account.email, username: account.email, firstName: 'Ketut' });
    const found = await apiFetch(`/api/admin/users?search=${encodeURIComponent(account.email)}`, { headers: await adminHeaders() });
    expect(found.body.items.map((u: { id: string }) => u.id)).toEqual([account.sub]);
  });
});
