import { beforeEach, describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_SECONDS, HEARTBEATS_UNTIL_OFFLINE } from '@shared/constants';
import { signNfcToken, verifyVendToken } from './tokens';
import { authorizeVend } from './vend';
import { completeVend, failVend } from './vend-close';
import { sweepExpiredSessions } from './vend-sweep';
import { memoryVendWorld, MemoryMessages } from './vend.test-fakes';

/** The vend protocol from vend/request: authorize (or deny), then settle, release or sweep the session it opened. */

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

    w.clock.advance((HEARTBEATS_UNTIL_OFFLINE * HEARTBEAT_INTERVAL_SECONDS + 1) * 1000); // three heartbeat intervals without a heartbeat
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
    expect(await sweepExpiredSessions(w, due)).toEqual({ expired: 1, voided: 0, settled: 0, refundsDue: 0, errors: 0, failures: [] });
    expect(w.vendSessions.sessions.get(sessionId)!.status).toBe('expired');
    expect(w.vendSessions.sessions.get(late)!.status).toBe('open');
    expect(w.users.items.get('u1')!.balance).toBe(3_500);
    expect(await sweepExpiredSessions(w, due)).toEqual({ expired: 0, voided: 0, settled: 0, refundsDue: 0, errors: 0, failures: [] });
  });

  it('closes a swept session as completed when its hold was settled meanwhile', async () => {
    await authorizeVend({ stationId: station, token: await token(), requestId: 'r1' }, w);
    const { sessionId } = authorized();
    await w.ledger.settle(sessionId, 200, { reference: sessionId, actor: 'x', volumeMl: 200 });
    const due = new Date(Date.parse(w.vendSessions.sessions.get(sessionId)!.expiresAt) + 1);
    expect(await sweepExpiredSessions(w, due)).toEqual({ expired: 0, voided: 0, settled: 1, refundsDue: 0, errors: 0, failures: [] });
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
