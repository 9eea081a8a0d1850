import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/schemas';
import { signNfcToken, verifyVendToken } from './tokens';
import { authorizeVend, completeVend, failVend, holdFor, insufficientBalanceMessage, issueNfcToken, minimumBalance, resolveIncident, settlementFor, sweepExpiredSessions } from './vend';
import { memoryVendWorld, MemoryMessages } from './vend.test-fakes';
import { DomainError } from './errors';

describe('vend pricing and hold amounts', () => {
  it('holds the price of the maximum fill when the balance covers it', () => {
    expect(holdFor(5_000, 1500, 1000)).toEqual({ holdAmount: 1_500, maxMl: 1500 });
  });
  it('holds the whole balance when it is less, and authorizes the volume it pays for', () => {
    expect(holdFor(1_200, 1500, 1000)).toEqual({ holdAmount: 1_200, maxMl: 1200 });
    expect(holdFor(1_200, 1500, 2000)).toEqual({ holdAmount: 1_200, maxMl: 600 });
    expect(holdFor(999, 1500, 1500)).toEqual({ holdAmount: 999, maxMl: 666 });
  });
  it('holds nothing without money', () => {
    expect(holdFor(0, 1500, 1000)).toBeNull();
    expect(holdFor(-5, 1500, 1000)).toBeNull();
  });
  it('settles exactly the dispensed millilitres at Rp 1 per ml, never more than authorized or held', () => {
    const session = { maxMl: 1500, holdAmount: 1500, pricePerLitre: 1000 };
    expect(settlementFor(350, session)).toEqual({ volumeMl: 350, charge: 350 });
    expect(settlementFor(0, session)).toEqual({ volumeMl: 0, charge: 0 });
    expect(settlementFor(1800, session)).toEqual({ volumeMl: 1500, charge: 1500 });
    expect(settlementFor(333, { maxMl: 600, holdAmount: 1200, pricePerLitre: 2000 })).toEqual({ volumeMl: 333, charge: 666 });
  });
  it('needs 20 points (Rp 2,000) to vend by default and says so clearly', () => {
    expect(minimumBalance(DEFAULT_SETTINGS)).toBe(2_000);
    expect(insufficientBalanceMessage(2_000)).toBe('Insufficient balance: you need at least Rp 2.000 to refill. Top up your wallet and try again.');
  });
});

describe('NFC token issuance', () => {
  it('creates the user on first call and refuses below the minimum balance with 409', async () => {
    const w = await memoryVendWorld();
    const holder = { sub: 'u1', username: 'u1@example.com', email: 'u1@example.com', givenName: 'Ketut', familyName: null };
    const error = await issueNfcToken(holder, w).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect(w.users.items.get('u1')).toMatchObject({ firstName: 'Ketut', balance: 0 });
    w.users.items.get('u1')!.balance = 2_000;
    const { token, expiresAt } = await issueNfcToken(holder, w);
    expect(Date.parse(expiresAt) - w.clock.now().getTime()).toBe(300_000);
    expect(token.split('.')).toHaveLength(3);
  });
});

describe('authorize, settle, release', () => {
  let w: Awaited<ReturnType<typeof memoryVendWorld>>;
  const station = 'HRL-00001';
  const token = async (jti = `jti-${Math.random()}`, userId = 'u1', now = w.clock.now()) =>
    (await signNfcToken({ jti, userId, now, lifetimeSeconds: 300 }, { privateKey: await w.signingKeys.privateKey(), keyId: 'k' })).token;

  beforeEach(async () => {
    w = await memoryVendWorld();
    const at = w.clock.now().toISOString();
    for (const id of [station, 'HRL-00002']) {
      await w.machines.create({ id, name: `Station ${id}`, status: 'online', lastHeartbeat: at, maxFillMl: 1500, createdAt: at, updatedAt: at });
    }
    await w.users.ensure({ id: 'u1', username: 'u1', firstName: null, lastName: null, email: null }, at);
    w.users.items.get('u1')!.balance = 5_000;
  });

  const authorized = () => {
    const last = (w.stationMessages as MemoryMessages).last();
    if (last?.topic !== 'authorized') throw new Error(`expected authorized, got ${JSON.stringify(last)}`);
    return last.message;
  };

  it('authorizes with a hold of the full fill and a vend token bound to station and session', async () => {
    const outcome = await authorizeVend({ stationId: station, token: await token(), requestId: 'r1' }, w);
    expect(outcome).toMatchObject({ decision: 'authorized', holdAmount: 1500, maxMl: 1500 });
    expect(w.users.items.get('u1')!.balance).toBe(3_500);
    const message = authorized();
    expect(message.requestId).toBe('r1');
    const check = await verifyVendToken(message.vendToken, await w.signingKeys.publicKey(), w.clock.now(), station);
    expect(check).toMatchObject({ ok: true, claims: { sessionId: message.sessionId, maxMl: 1500 } });
    const session = w.vendSessions.sessions.get(message.sessionId)!;
    expect(Date.parse(session.expiresAt) - w.clock.now().getTime()).toBe((60 + 120) * 1000);
  });

  it('settles 350 ml to exactly Rp 4,650 and ignores the repeated completion', async () => {
    await authorizeVend({ stationId: station, token: await token(), requestId: 'r1' }, w);
    const { sessionId } = authorized();
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 350 }, w)).toBe('settled');
    expect(w.users.items.get('u1')).toMatchObject({ balance: 4_650, dispensedMl: 350 });
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 350 }, w)).toBe('replayed');
    // Another volume for a settled session changes nothing either (the first settlement stands).
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 999 }, w)).toBe('ignored');
    expect(await failVend({ stationId: station, sessionId }, w)).toBe('ignored');
    expect(w.users.items.get('u1')!.balance).toBe(4_650);
    const purchase = w.ledger.entries_.find((e) => e.type === 'purchase')!;
    expect(purchase).toMatchObject({ amount: -350, details: { machineId: station, machineName: `Station ${station}`, volumeMl: 350 } });
  });

  it('ignores a completion from another station than the session\'s', async () => {
    await authorizeVend({ stationId: station, token: await token(), requestId: 'r1' }, w);
    const { sessionId } = authorized();
    expect(await completeVend({ stationId: 'HRL-00002', sessionId, dispensedMl: 10 }, w)).toBe('dropped');
    expect(w.vendSessions.sessions.get(sessionId)!.status).toBe('open');
  });

  it('releases the hold in full on a failure', async () => {
    await authorizeVend({ stationId: station, token: await token(), requestId: 'r1' }, w);
    const { sessionId } = authorized();
    expect(await failVend({ stationId: station, sessionId, reason: 'valve' }, w)).toBe('released');
    expect(w.users.items.get('u1')!.balance).toBe(5_000);
    expect(await failVend({ stationId: station, sessionId }, w)).toBe('replayed');
  });

  it('denies a used token, and a token first presented at another station', async () => {
    const t = await token('once');
    await authorizeVend({ stationId: station, token: t, requestId: 'r1' }, w);
    expect(await authorizeVend({ stationId: station, token: t, requestId: 'r2' }, w)).toEqual({ decision: 'denied', reason: 'token_already_used' });
    expect(await authorizeVend({ stationId: 'HRL-00002', token: t, requestId: 'r3' }, w)).toEqual({ decision: 'denied', reason: 'wrong_station' });
    expect(w.users.items.get('u1')!.balance).toBe(3_500);
  });

  it('answers a redelivered request (same request id) with the same session instead of denying it', async () => {
    const t = await token('redelivered');
    const first = await authorizeVend({ stationId: station, token: t, requestId: 'r1' }, w);
    const again = await authorizeVend({ stationId: station, token: t, requestId: 'r1' }, w);
    expect(again).toEqual(first);
    expect(w.users.items.get('u1')!.balance).toBe(3_500);
    expect(w.vendSessions.sessions.size).toBe(1);
  });

  it('denies expired, foreign and malformed tokens, offline stations and low balances', async () => {
    const expired = await token('old', 'u1', new Date(w.clock.now().getTime() - 300_000));
    expect(await authorizeVend({ stationId: station, token: expired, requestId: 'a' }, w)).toEqual({ decision: 'denied', reason: 'token_expired' });
    expect(await authorizeVend({ stationId: station, token: 'x.y.z', requestId: 'b' }, w)).toEqual({ decision: 'denied', reason: 'invalid_token' });
    expect(await authorizeVend({ stationId: station, requestId: 'c' }, w)).toEqual({ decision: 'denied', reason: 'invalid_token' });
    expect(await authorizeVend({ token: 'x' }, w)).toMatchObject({ decision: 'dropped' });

    w.clock.advance(181_000); // three heartbeat intervals without a heartbeat
    expect(await authorizeVend({ stationId: station, token: await token(), requestId: 'd' }, w)).toEqual({ decision: 'denied', reason: 'station_offline' });
    await w.machines.update(station, { lastHeartbeat: w.clock.now().toISOString(), status: 'maintenance' });
    expect(await authorizeVend({ stationId: station, token: await token(), requestId: 'e' }, w)).toEqual({ decision: 'denied', reason: 'station_offline' });
    await w.machines.update(station, { status: 'online' });
    w.users.items.get('u1')!.balance = 1_999;
    expect(await authorizeVend({ stationId: station, token: await token(), requestId: 'f' }, w)).toEqual({ decision: 'denied', reason: 'insufficient_balance' });
    expect(await authorizeVend({ stationId: 'HRL-09999', token: await token(), requestId: 'g' }, w)).toEqual({ decision: 'denied', reason: 'unknown_station' });
    expect(w.users.items.get('u1')!.balance).toBe(1_999);
    expect(w.ledger.holds.size).toBe(0);
  });

  it('denies and holds nothing when the balance fell between its read and the hold, leaving no open session', async () => {
    const read = w.users.get.bind(w.users);
    // The balance the vend reads is Rp 5,000; by the time it holds, a purchase elsewhere has left Rp 1,000.
    w.users.get = async (id) => ({ ...(await read(id))!, balance: 5_000 });
    w.users.items.get('u1')!.balance = 1_000;
    expect(await authorizeVend({ stationId: station, token: await token('jti-race'), requestId: 'r' }, w)).toEqual({ decision: 'denied', reason: 'insufficient_balance' });
    expect(w.users.items.get('u1')!.balance).toBe(1_000);
    expect(w.ledger.holds.size).toBe(0);
    expect([...w.vendSessions.sessions.values()].filter((s) => s.status === 'open')).toEqual([]);
    expect(w.vendSessions.tokens.get('jti-race')).toMatchObject({ requestId: 'r', stationId: station });
  });

  it('holds the whole balance when it is below the price of the full fill', async () => {
    await w.machines.update(station, { maxFillMl: 3000 });
    w.users.items.get('u1')!.balance = 2_500;
    expect(await authorizeVend({ stationId: station, token: await token(), requestId: 'r' }, w)).toMatchObject({ decision: 'authorized', holdAmount: 2_500, maxMl: 2_500 });
    expect(w.users.items.get('u1')!.balance).toBe(0);
  });

  it('sweeps sessions past their expiry, releasing the hold in full, and leaves the others', async () => {
    await authorizeVend({ stationId: station, token: await token(), requestId: 'r1' }, w);
    const { sessionId } = authorized();
    w.clock.advance(60_000);
    await authorizeVend({ stationId: station, token: await token(), requestId: 'r2' }, w);
    const late = authorized().sessionId;
    expect(w.users.items.get('u1')!.balance).toBe(2_000);
    const due = new Date(Date.parse(w.vendSessions.sessions.get(sessionId)!.expiresAt) + 1);
    expect(await sweepExpiredSessions(w, due)).toEqual({ expired: 1, settled: 0, errors: 0, failures: [] });
    expect(w.vendSessions.sessions.get(sessionId)!.status).toBe('expired');
    expect(w.vendSessions.sessions.get(late)!.status).toBe('open');
    expect(w.users.items.get('u1')!.balance).toBe(3_500);
    expect(await sweepExpiredSessions(w, due)).toEqual({ expired: 0, settled: 0, errors: 0, failures: [] });
  });

  it('closes a swept session as completed when its hold was settled meanwhile', async () => {
    await authorizeVend({ stationId: station, token: await token(), requestId: 'r1' }, w);
    const { sessionId } = authorized();
    await w.ledger.settle(sessionId, 200, { reference: sessionId, actor: 'x', volumeMl: 200 });
    const due = new Date(Date.parse(w.vendSessions.sessions.get(sessionId)!.expiresAt) + 1);
    expect(await sweepExpiredSessions(w, due)).toEqual({ expired: 0, settled: 1, errors: 0, failures: [] });
    expect(w.vendSessions.sessions.get(sessionId)).toMatchObject({ status: 'completed', charged: 200 });
    expect(w.users.items.get('u1')!.balance).toBe(4_800);
  });

  it('charges 250 ml for a reported 250.5 ml', async () => {
    await authorizeVend({ stationId: station, token: await token(), requestId: 'r1' }, w);
    const { sessionId } = authorized();
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 250.5 }, w)).toBe('settled');
    expect(w.vendSessions.sessions.get(sessionId)).toMatchObject({ status: 'completed', dispensedMl: 250, charged: 250 });
    expect(w.users.items.get('u1')).toMatchObject({ balance: 4_750, dispensedMl: 250 });
  });
});

describe('completions that come late or cannot be settled as reported', () => {
  let w: Awaited<ReturnType<typeof memoryVendWorld>>;
  const station = 'HRL-00001';
  const balance = () => w.users.items.get('u1')!.balance;
  const open = async (requestId = `r-${Math.random()}`) => {
    const t = (await signNfcToken({ jti: `jti-${Math.random()}`, userId: 'u1', now: w.clock.now(), lifetimeSeconds: 300 }, { privateKey: await w.signingKeys.privateKey(), keyId: 'k' })).token;
    const outcome = await authorizeVend({ stationId: station, token: t, requestId }, w);
    if (outcome.decision !== 'authorized') throw new Error(JSON.stringify(outcome));
    return outcome.sessionId;
  };
  const swept = (sessionId: string) => sweepExpiredSessions(w, new Date(Date.parse(w.vendSessions.sessions.get(sessionId)!.expiresAt) + 1));

  beforeEach(async () => {
    w = await memoryVendWorld();
    const at = w.clock.now().toISOString();
    await w.machines.create({ id: station, name: 'Station one', status: 'online', lastHeartbeat: at, maxFillMl: 1500, createdAt: at, updatedAt: at });
    await w.users.ensure({ id: 'u1', username: 'u1', firstName: null, lastName: null, email: null }, at);
    w.users.items.get('u1')!.balance = 5_000;
  });

  it('charges a completion that arrives after the sweep released the hold, once', async () => {
    const sessionId = await open();
    await swept(sessionId);
    expect(balance()).toBe(5_000);
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 300 }, w)).toBe('settledLate');
    expect(balance()).toBe(4_700);
    expect(w.vendSessions.sessions.get(sessionId)).toMatchObject({ status: 'completed', settledLate: true, dispensedMl: 300, charged: 300 });
    expect(w.users.items.get('u1')!.dispensedMl).toBe(300);
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 300 }, w)).toBe('replayed');
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 301 }, w)).toBe('ignored');
    expect(balance()).toBe(4_700);
  });

  it('records what the balance cannot cover as owed, and the next top-up pays it first', async () => {
    const sessionId = await open();
    await swept(sessionId);
    w.users.items.get('u1')!.balance = 200;
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 500 }, w)).toBe('receivable');
    expect(w.users.items.get('u1')).toMatchObject({ balance: 0, owed: 300 });
    expect(w.ledger.entries_.filter((e) => e.key === `late:${sessionId}`).map((e) => [e.type, e.amount, e.owed])).toEqual([['purchase', -200, 0], ['receivable', 0, 300]]);
    await w.ledger.post('u1', 'topup', 10_000, 'topup-1', { reference: 'order', actor: 'gateway' });
    expect(w.users.items.get('u1')).toMatchObject({ balance: 9_700, owed: 0 });
  });

  it.each([
    ['a string', '250', 'dispensedMl is a string, not a number'],
    ['a negative number', -1, 'dispensedMl is negative'],
    ['more than authorized', 1_501, 'dispensedMl 1501 is above the authorized 1500 ml'],
    ['nothing', undefined, 'no dispensedMl'],
  ])('keeps the hold of a completion reporting %s as an incident until the station retries', async (_, dispensedMl, reason) => {
    const sessionId = await open();
    expect(await completeVend({ stationId: station, sessionId, dispensedMl }, w)).toBe('incident');
    expect(balance()).toBe(3_500);
    expect(await w.vendSessions.incident(sessionId)).toMatchObject({ status: 'open', holdKept: true, reports: 1, lastReport: { reason, payload: JSON.stringify({ sessionId, dispensedMl }) } });
    // The same report without the field at all (as a topic rule delivers it) is one more report on the same incident.
    expect(await completeVend({ stationId: station, sessionId }, w)).toBe('incident');
    expect(await w.vendSessions.incident(sessionId)).toMatchObject({ reports: 2, lastReport: { reason: 'no dispensedMl' } });
    // The sweep leaves it alone: the hold stays until someone resolves it.
    expect(await swept(sessionId)).toMatchObject({ expired: 0 });
    expect(w.vendSessions.sessions.get(sessionId)!.status).toBe('open');
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 250 }, w)).toBe('settled');
    expect(balance()).toBe(4_750);
    expect(await w.vendSessions.incident(sessionId)).toMatchObject({ status: 'resolved', resolution: { by: `station:${station}`, dispensedMl: 250, charged: 250 } });
  });

  it('lets an operator resolve an incident with the volume dispensed, even after a late malformed report', async () => {
    const held = await open();
    await completeVend({ stationId: station, sessionId: held, dispensedMl: 'lots' }, w);
    expect(await resolveIncident(held, { dispensedMl: 400, note: 'station counters' }, 'admin:ops', w)).toMatchObject({ status: 'resolved', resolution: { by: 'admin:ops', dispensedMl: 400, charged: 400 } });
    expect(balance()).toBe(4_600);
    await expect(resolveIncident(held, { dispensedMl: 400, note: 'again' }, 'admin:ops', w)).rejects.toMatchObject({ status: 409 });

    const late = await open();
    await swept(late);
    expect(await completeVend({ stationId: station, sessionId: late, dispensedMl: -5 }, w)).toBe('incident');
    expect(await w.vendSessions.incident(late)).toMatchObject({ holdKept: false });
    await expect(resolveIncident(late, { dispensedMl: 1_600, note: 'x' }, 'admin:ops', w)).rejects.toMatchObject({ status: 400 });
    await resolveIncident(late, { dispensedMl: 100, note: 'customer says a small bottle' }, 'admin:ops', w);
    expect(balance()).toBe(4_500);
    expect(w.vendSessions.sessions.get(late)).toMatchObject({ status: 'completed', settledLate: true, charged: 100 });
  });

  it('makes progress past sessions the sweep cannot close, and reports them', async () => {
    const ids: string[] = [];
    w.users.items.get('u1')!.balance = 160 * 1_500;
    for (let i = 0; i < 150; i++) ids.push(await open());
    for (const id of ids.slice(0, 120)) w.vendSessions.failing.add(id);
    w.clock.advance(200_000);
    const report = await sweepExpiredSessions(w);
    expect(report).toMatchObject({ expired: 30, errors: 120 });
    expect(report.failures).toHaveLength(20);
    expect(ids.slice(120).every((id) => w.vendSessions.sessions.get(id)!.status === 'expired')).toBe(true);
  });
});
