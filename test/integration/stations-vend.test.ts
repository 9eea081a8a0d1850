import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNfcToken } from '@functions/vending/domain/tokens';
import { sweepExpiredSessions } from '@functions/vending/domain/vend-sweep';
import { type VendDeps } from '@functions/vending/domain/vend';
import type { VendSession } from '@functions/vending/ports/vend-sessions';
import type { SimStation } from '@infra/local/simulator';
import { repositories } from '../support/admin';
import { bearer, newAccount } from '../support/auth';
import { apiFetch, local } from '../support/local';
import { ORIGIN_VERIFY_HEADER } from '@functions/http/origin';
import { closeStations, provision, sleep, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';
import { lambdaContext } from '@infra/local/lambda-context';

/**
 * The 'Done when': a real station (MQTT over mutual TLS with its own certificate) and a signed-in
 * user with Rp 5,000, through the HTTP API, the local broker and the IoT rule handlers.
 */
let machine1: Provisioned;
let machine2: Provisioned;
let station1: SimStation;
let station2: SimStation;
let user: { sub: string; token: string };

const balance = async (id = user.sub) => (await repositories().users.get(id))!.balance;
const session = async (id: string) => (await (await workerServices()).vendSessions.get(id))!;
const closed = (id: string) => waitFor(() => session(id), (s) => s.status !== 'open');
const nfcToken = async (token = user.token) => {
  const { status, body } = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: bearer(token) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { token: string; expiresAt: string };
};
const deps = async (): Promise<VendDeps> => {
  await workerServices();
  const { vendDeps } = await import('@functions/vending/providers/vend');
  return vendDeps();
};
/** Signs an NFC token with the stack's own signing key, for a clock of our choosing. */
const tokenAt = async (now: Date, jti = crypto.randomUUID()) => {
  const { signingKeys } = await workerServices();
  return (await signNfcToken({ jti, userId: user.sub, now, lifetimeSeconds: 300 }, { privateKey: await signingKeys.privateKey(), keyId: await signingKeys.keyId() })).token;
};

beforeAll(async () => {
  await workerServices();
  [machine1, machine2] = await Promise.all([provision('Vend test station one'), provision('Vend test station two')]);
  [station1, station2] = await Promise.all([stationFor(machine1), stationFor(machine2)]);
  await Promise.all([station1.connect(), station2.connect()]);
  await Promise.all([station1.heartbeat(), station2.heartbeat()]);
  const account = await newAccount('vendtester');
  user = { sub: account.sub, token: account.token };
  const { users, ledger } = repositories();
  await users.ensure({ id: user.sub, username: account.email, firstName: 'Vend', lastName: 'Tester', email: account.email }, new Date().toISOString());
  await ledger.post(user.sub, 'topup', 5_000, `test-topup:${user.sub}`, { reference: `order-${user.sub}`, actor: 'gateway', paymentMethod: 'qris' });
  await waitFor(() => apiFetch(`/api/machines/${machine2.machine.id}`), (r) => r.body.status === 'online' && r.body.lastHeartbeat !== null);
});
afterAll(closeStations);

describe('the vend protocol on the local stack', () => {
  let firstToken: string;
  let firstSession: VendSession;

  it('Rp 5,000: token, authorized, 350 ml dispensed, balance exactly Rp 4,650, history and impact updated', async () => {
    const { token, expiresAt } = await nfcToken();
    firstToken = token;
    const lifetime = (Date.parse(expiresAt) - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(290);
    expect(lifetime).toBeLessThanOrEqual(300);

    const answer = await station1.requestVend(token);
    expect(answer.kind).toBe('authorized');
    if (answer.kind !== 'authorized') return;
    expect(answer.message.maxMl).toBe(1500);
    const check = await station1.checkVendToken(answer.message);
    expect(check).toMatchObject({ ok: true, claims: { sessionId: answer.message.sessionId, stationId: machine1.machine.id, maxMl: 1500 } });
    expect(Date.parse(answer.message.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    // The hold: the price of the station's maximum fill (1.5 L at Rp 1 per ml).
    expect(await balance()).toBe(3_500);

    await station1.complete(answer.message.sessionId, 350);
    firstSession = (await closed(answer.message.sessionId)).value;
    expect(firstSession).toMatchObject({ status: 'completed', dispensedMl: 350, charged: 350, stationId: machine1.machine.id });
    expect(await balance()).toBe(4_650);

    const history = await apiFetch('/api/transactions', { headers: bearer(user.token) });
    expect(history.status).toBe(200);
    const purchase = history.body.items.find((t: { type: string }) => t.type === 'purchase');
    expect(purchase).toMatchObject({ type: 'purchase', amount: 350, volume: 0.35, machine: { id: machine1.machine.id, name: 'Vend test station one' } });
    const entries = await repositories().ledger.entries(user.sub, { limit: 10, visibleOnly: true });
    expect(entries.items.map((e) => [e.type, e.amount, e.volumeMl ?? null, e.machineName ?? null])).toEqual([
      ['purchase', -350, 350, 'Vend test station one'],
      ['topup', 5_000, null, null],
    ]);
    expect((await repositories().users.get(user.sub))!.dispensedMl).toBe(350);
    const impact = await apiFetch('/api/environmental-impact', { headers: bearer(user.token) });
    expect(impact.body.litresRefilled).toBe(0.35);
  });

  it('changes nothing when the same completion arrives again', async () => {
    const before = await repositories().ledger.entries(user.sub, { limit: 20 });
    await station1.complete(firstSession.id, 350);
    await station1.complete(firstSession.id, 900);
    await sleep(1000);
    const { handler } = await import('@functions/iot/vendComplete');
    expect(await handler({ stationId: machine1.machine.id, sessionId: firstSession.id, dispensedMl: 350 }, lambdaContext('vendComplete'))).toBe('replayed');
    expect(await balance()).toBe(4_650);
    expect((await repositories().ledger.entries(user.sub, { limit: 20 })).items).toEqual(before.items);
    expect(await session(firstSession.id)).toEqual(firstSession);
  });

  it('denies the same token again, at the same station and at another one', async () => {
    expect(await station1.requestVend(firstToken)).toMatchObject({ kind: 'denied', message: { reason: 'token_already_used' } });
    expect(await station2.requestVend(firstToken)).toMatchObject({ kind: 'denied', message: { reason: 'wrong_station' } });
    expect(await balance()).toBe(4_650);
  });

  it('denies a token presented at a different station than the one it was authorized for', async () => {
    const { token } = await nfcToken();
    const answer = await station1.requestVend(token);
    expect(answer.kind).toBe('authorized');
    expect(await station2.requestVend(token)).toMatchObject({ kind: 'denied', message: { reason: 'wrong_station' } });
    if (answer.kind === 'authorized') {
      await station1.fail(answer.message.sessionId, 'customer walked away');
      expect((await closed(answer.message.sessionId)).value.status).toBe('failed');
    }
    expect(await balance()).toBe(4_650);
  });

  it('denies a token signed by another key, an expired one, and garbage', async () => {
    const rogue = await generateKeyPair('ES256');
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', typ: 'nfc+jwt' }).setIssuer('bali-refill').setAudience('refill-station')
      .setSubject(user.sub).setJti(crypto.randomUUID()).setIssuedAt().setExpirationTime('5m').sign(rogue.privateKey);
    expect(await station1.requestVend(forged)).toMatchObject({ kind: 'denied', message: { reason: 'invalid_token' } });
    const expired = await tokenAt(new Date(Date.now() - 301_000));
    expect(await station1.requestVend(expired)).toMatchObject({ kind: 'denied', message: { reason: 'token_expired' } });
    expect(await station1.requestVend('not-a-token')).toMatchObject({ kind: 'denied', message: { reason: 'invalid_token' } });
    // Control: the same signing path with a current clock is accepted.
    const valid = await station1.requestVend(await tokenAt(new Date()));
    expect(valid.kind).toBe('authorized');
    if (valid.kind === 'authorized') await station1.complete(valid.message.sessionId, 0);
    await waitFor(() => balance(), (b) => b === 4_650);
  });

  it('expires a session left incomplete (the station dropped off mid-vend) and releases its hold in full', async () => {
    const answer = await station1.requestVend((await nfcToken()).token);
    expect(answer.kind).toBe('authorized');
    if (answer.kind !== 'authorized') return;
    const open = await session(answer.message.sessionId);
    expect(open.holdAmount).toBe(1_500);
    expect(await balance()).toBe(3_150);
    station1.drop();
    await waitFor(() => apiFetch(`/api/machines/${machine1.machine.id}`), (r) => r.body.status === 'offline');
    const d = await deps();
    // Not yet due: the sweep leaves it alone.
    await sweepExpiredSessions(d, new Date(Date.parse(open.expiresAt) - 1000));
    expect((await session(open.id)).status).toBe('open');
    const result = await sweepExpiredSessions(d, new Date(Date.parse(open.expiresAt) + 1000));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await session(open.id)).toMatchObject({ status: 'expired', reason: 'not completed in time' });
    expect(await balance()).toBe(4_650);
    expect(await repositories().ledger.getHold(open.id)).toMatchObject({ status: 'released', amount: 1_500 });
    // A completion that arrives after the expiry (the station came back) is charged all the same, once.
    await station1.connect();
    await station1.complete(open.id, 300);
    await station1.complete(open.id, 300);
    expect((await waitFor(() => session(open.id), (s) => s.status === 'completed')).value).toMatchObject({ settledLate: true, dispensedMl: 300, charged: 300 });
    await sleep(500);
    expect(await balance()).toBe(4_350);
    const late = (await repositories().ledger.entries(user.sub, { limit: 5, visibleOnly: true })).items.filter((e) => e.idempotencyKey === `late:${open.id}`);
    expect(late.map((e) => [e.type, e.amount, e.volumeMl])).toEqual([['purchase', -300, 300]]);
  });

  it('ends a vend interrupted by an MQTT drop with the hold released (failure message after reconnecting)', async () => {
    const answer = await station2.requestVend((await nfcToken()).token);
    expect(answer.kind).toBe('authorized');
    if (answer.kind !== 'authorized') return;
    expect(await balance()).toBe(2_850);
    station2.drop();
    await waitFor(() => apiFetch(`/api/machines/${machine2.machine.id}`), (r) => r.body.status === 'offline');
    await station2.connect();
    await station2.fail(answer.message.sessionId, 'connection lost mid-vend');
    expect((await closed(answer.message.sessionId)).value).toMatchObject({ status: 'failed', reason: 'connection lost mid-vend' });
    expect(await balance()).toBe(4_350);
  });

  it('a station whose clock is off by 25 s accepts its vend token (30 s leeway); one further off resynchronises first', async () => {
    // The token is valid from nbf = now to exp = now + 60 s: a clock up to 30 s slow or 90 s fast accepts it as it is.
    for (const [skewMs, resyncs] of [[25_000, 0], [-25_000, 0], [-60_000, 1], [100_000, 1]] as const) {
      station1.clockSkewMs = skewMs;
      const before = station1.clockResyncs;
      const answer = await station1.requestVend((await nfcToken()).token);
      expect(answer.kind).toBe('authorized');
      if (answer.kind !== 'authorized') return;
      expect(await station1.checkVendToken(answer.message)).toMatchObject({ ok: true });
      expect(station1.clockResyncs - before).toBe(resyncs);
      await station1.complete(answer.message.sessionId, 0);
      await closed(answer.message.sessionId);
    }
    expect(station1.clockSkewMs).toBe(0);
  });

  it('keeps a completion made while disconnected and delivers it after reconnecting, once', async () => {
    const answer = await station2.requestVend((await nfcToken()).token);
    if (answer.kind !== 'authorized') throw new Error('not authorized');
    const start = await balance();
    station2.drop();
    await station2.complete(answer.message.sessionId, 200);
    expect(station2.outbox.has(answer.message.sessionId)).toBe(true);
    await sleep(300);
    expect((await session(answer.message.sessionId)).status).toBe('open');
    await station2.connect();
    expect((await closed(answer.message.sessionId)).value).toMatchObject({ status: 'completed', dispensedMl: 200 });
    expect(station2.outbox.size).toBe(0);
    expect(await balance()).toBe(start + 1_500 - 200);
  });

  it('charges 250 ml for a reported dispensedMl of 250.5', async () => {
    const start = await balance();
    const answer = await station1.requestVend((await nfcToken()).token);
    if (answer.kind !== 'authorized') throw new Error('not authorized');
    await station1.complete(answer.message.sessionId, 250.5);
    expect((await closed(answer.message.sessionId)).value).toMatchObject({ status: 'completed', dispensedMl: 250, charged: 250 });
    expect(await balance()).toBe(start - 250);
  });

  /** An authorized vend at station 1, its session as a handler reads it while open, and a malformed report of 300 ml on it. */
  const vendReadOpen = async () => {
    const answer = await station1.requestVend((await nfcToken()).token);
    if (answer.kind !== 'authorized') throw new Error('not authorized');
    const { sessionId } = answer.message;
    const report = { at: new Date().toISOString(), payload: JSON.stringify({ sessionId, dispensedMl: '300' }), reason: 'dispensedMl is not a number' };
    return { sessionId, readOpen: await session(sessionId), report };
  };

  it('a malformed completion recorded while the valid one settled the session (read open, written after) leaves no incident', async () => {
    const start = await balance();
    // What the malformed completion's handler read, before the valid completion's handler settled the session.
    const { sessionId, readOpen, report } = await vendReadOpen();
    await station1.complete(sessionId, 300);
    await closed(sessionId);
    const { vendSessions } = await workerServices();
    expect(await vendSessions.recordIncident(readOpen, report, { holdSession: true })).toBe('settled');
    expect(await vendSessions.incident(sessionId)).toBeNull();
    expect(await session(sessionId)).toMatchObject({ status: 'completed', dispensedMl: 300, charged: 300 });
    expect(await balance()).toBe(start - 300);
  });

  it('a valid completion that read the session before a malformed one was recorded settles and resolves that incident', async () => {
    const start = await balance();
    // The valid completion's handler reads the session; the malformed one's incident is recorded before it writes.
    const { sessionId, readOpen, report } = await vendReadOpen();
    const real = await deps();
    expect(await real.vendSessions.recordIncident(readOpen, report, { holdSession: true })).toBe('held');
    let reads = 0;
    const staleFirst = { ...real, vendSessions: Object.assign(Object.create(real.vendSessions), { get: async (id: string) => (reads++ === 0 ? readOpen : real.vendSessions.get(id)) }) };
    const { completeVend } = await import('@functions/vending/domain/vend-close');
    expect(await completeVend({ stationId: machine1.machine.id, sessionId, dispensedMl: 300 }, staleFirst)).toBe('settled');
    expect(await session(sessionId)).toMatchObject({ status: 'completed', dispensedMl: 300, charged: 300, incident: false });
    expect(await real.vendSessions.incident(sessionId)).toMatchObject({ status: 'resolved', resolution: { by: `station:${machine1.machine.id}`, dispensedMl: 300, charged: 300 } });
    expect(await balance()).toBe(start - 300);
  });

  it('denies a vend at a station in maintenance, and below the minimum balance', async () => {
    const { machines } = await workerServices();
    await machines.update(machine2.machine.id, { status: 'maintenance' });
    expect(await station2.requestVend((await nfcToken()).token)).toMatchObject({ kind: 'denied', message: { reason: 'station_offline' } });
    await machines.update(machine2.machine.id, { status: 'online' });

    const poor = await newAccount('poortester');
    await repositories().users.ensure({ id: poor.sub, username: poor.email, firstName: null, lastName: null, email: poor.email }, new Date().toISOString());
    await repositories().ledger.post(poor.sub, 'topup', 1_999, `test-topup:${poor.sub}`, { reference: 'o', actor: 'gateway' });
    const refused = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: bearer(poor.token) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Insufficient balance: you need at least Rp 2.000 to refill. Top up your wallet and try again.');
    await repositories().ledger.post(poor.sub, 'topup', 1, `test-topup2:${poor.sub}`, { reference: 'o', actor: 'gateway' });
    const { token } = await nfcToken(poor.token);
    // Rp 2,000 covers the station's full 1.5 L. A report of 1,800 ml (more than authorized) cannot be settled as it
    // came: an incident keeps the hold until the station's retry reports a valid volume.
    const answer = await station1.requestVend(token);
    expect(answer).toMatchObject({ kind: 'authorized', message: { maxMl: 1500 } });
    if (answer.kind !== 'authorized') return;
    const { sessionId } = answer.message;
    await station1.complete(sessionId, 1_800);
    const incident = await waitFor(async () => (await workerServices()).vendSessions.incident(sessionId), (i) => i?.status === 'open');
    expect(incident.value).toMatchObject({ holdKept: true, lastReport: { reason: 'dispensedMl 1800 is above the authorized 1500 ml' } });
    expect(await balance(poor.sub)).toBe(500);
    await station1.complete(sessionId, 1_200);
    await waitFor(() => balance(poor.sub), (b) => b === 800);
    expect(await (await workerServices()).vendSessions.incident(sessionId)).toMatchObject({ status: 'resolved', resolution: { dispensedMl: 1_200, charged: 1_200 } });
  });
});

describe('POST /api/nfc/generate-token', () => {
  it('needs a signed-in user', async () => {
    expect((await apiFetch('/api/nfc/generate-token', { method: 'POST' })).status).toBe(401);
  });

  it('creates the user on first call (handler with the claims the JWT authorizer passes) and refuses an empty wallet with 409', async () => {
    const { handler } = await import('@functions/http/routes/generateNfcToken');
    const sub = `nfc-first-${crypto.randomUUID()}`;
    const event = {
      version: '2.0', routeKey: 'POST /api/nfc/generate-token', rawPath: '/api/nfc/generate-token', rawQueryString: '', headers: { [ORIGIN_VERIFY_HEADER]: local().originSecret }, isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path: '/api/nfc/generate-token' }, authorizer: { jwt: { claims: { sub, email: `${sub}@example.com`, given_name: 'First' }, scopes: [] } } },
    };
    const result = await handler(event as never, {} as never) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body).message).toMatch(/^Insufficient balance: you need at least Rp 2\.000 to refill/);
    expect(await repositories().users.get(sub)).toMatchObject({ id: sub, firstName: 'First', balance: 0 });
  });
});
