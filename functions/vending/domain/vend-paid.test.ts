import { beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors';
import { verifyVendToken } from './tokens';
import { completeVend, failVend } from './vend-close';
import { openPaidVendSession, paidSessionId, type PaidOrder } from './vend-paid';
import { sweepExpiredSessions } from './vend-sweep';
import { BUYER, STATION, stationAndBuyerWorld } from './vend.test-fakes';

/** Direct wallet purchases (docs/architecture.md, Payments): a vend session paid by the gateway, opened at the station. */

let w: Awaited<ReturnType<typeof stationAndBuyerWorld>>;
beforeEach(async () => {
  w = await stationAndBuyerWorld();
});
const paid = (order?: Partial<PaidOrder>, alreadyInWallet?: number) => w.paid(order, alreadyInWallet);
const balance = () => w.balance();

describe('openPaidVendSession', () => {
  it('holds exactly the paid amount, opens a session for the paid volume and sends a verifiable 60 s vend token', async () => {
    const order = await paid({}, 1_000);
    expect(balance()).toBe(1_500);
    const opened = await openPaidVendSession(order, w);
    expect(opened).toEqual({ sessionId: paidSessionId(order.orderId), status: 'authorized' });
    expect(balance()).toBe(1_000);
    expect(w.ledger.holds.get(opened.sessionId)).toMatchObject({ userId: BUYER, amount: 500, status: 'open' });
    expect(w.vendSessions.sessions.get(opened.sessionId)).toMatchObject({ stationId: STATION, userId: BUYER, status: 'open', holdAmount: 500, maxMl: 500, machineName: 'Sanur Beach' });

    expect(w.stationMessages.sent).toHaveLength(1);
    const sent = w.stationMessages.last()!;
    expect(sent).toMatchObject({ topic: 'authorized', stationId: STATION, message: { sessionId: opened.sessionId, maxMl: 500, requestId: order.orderId } });
    if (sent.topic !== 'authorized') return;
    expect(Date.parse(sent.message.expiresAt) - w.clock.now().getTime()).toBe(60_000);
    const check = await verifyVendToken(sent.message.vendToken, await w.signingKeys.publicKey(), w.clock.now(), STATION);
    expect(check).toMatchObject({ ok: true, claims: { sessionId: opened.sessionId, stationId: STATION, maxMl: 500 } });
    // Bound to its station: another station rejects it.
    expect((await verifyVendToken(sent.message.vendToken, await w.signingKeys.publicKey(), w.clock.now(), 'HRL-00002')).ok).toBe(false);
  });

  it('vend/complete settles exactly the dispensed millilitres and leaves the rest in the wallet', async () => {
    const order = await paid();
    const { sessionId } = await openPaidVendSession(order, w);
    expect(await completeVend({ stationId: STATION, sessionId, dispensedMl: 400 }, w)).toBe('settled');
    expect(balance()).toBe(100);
    expect(w.ledger.entries_.filter((e) => e.type === 'purchase')).toEqual([
      expect.objectContaining({ userId: BUYER, type: 'purchase', amount: -400, details: expect.objectContaining({ machineId: STATION, volumeMl: 400 }) }),
    ]);
    expect(w.vendSessions.sessions.get(sessionId)).toMatchObject({ status: 'completed', dispensedMl: 400, charged: 400 });
  });

  it('vend/failed and the sweep give the whole paid amount back to the wallet', async () => {
    const a = await openPaidVendSession(await paid(), w);
    expect(await failVend({ stationId: STATION, sessionId: a.sessionId, reason: 'valve' }, w)).toBe('released');
    expect(balance()).toBe(500);
    await openPaidVendSession(await paid(), w);
    expect(balance()).toBe(500);
    w.clock.advance(10 * 60_000);
    expect(await sweepExpiredSessions(w)).toMatchObject({ expired: 1 });
    expect(balance()).toBe(1_000);
  });

  it('opens one session per order however often it is called, and sends one authorization', async () => {
    const order = await paid();
    const [a, b] = await Promise.all([openPaidVendSession(order, w), openPaidVendSession(order, w)]);
    const c = await openPaidVendSession(order, w);
    expect(new Set([a.sessionId, b.sessionId, c.sessionId]).size).toBe(1);
    expect(w.vendSessions.sessions.size).toBe(1);
    expect(w.ledger.holds.size).toBe(1);
    expect(w.stationMessages.sent).toHaveLength(1);
    expect(balance()).toBe(0);
    await completeVend({ stationId: STATION, sessionId: a.sessionId, dispensedMl: 500 }, w);
    expect(await openPaidVendSession(order, w)).toEqual({ sessionId: a.sessionId, status: 'completed' });
    expect(w.stationMessages.sent).toHaveLength(1);
  });

  it.each([
    ['maintenance', { status: 'maintenance' as const }],
    ['offline', { status: 'offline' as const }],
    ['silent (stale heartbeat)', { lastHeartbeat: '2026-03-01T07:00:00Z' }],
  ])('refuses a station that is %s with 409; the money stays in the wallet, nothing is held or sent', async (_, fields) => {
    await w.machines.update(STATION, fields);
    const order = await paid();
    const error = await openPaidVendSession(order, w).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect((error as DomainError).message).toMatch(/Rp 500 is in your wallet/);
    expect(balance()).toBe(500);
    expect(w.ledger.holds.size + w.vendSessions.sessions.size + w.stationMessages.sent.length).toBe(0);
  });

  it('refuses an unknown station with 409', async () => {
    const error = await openPaidVendSession(await paid({ machineId: 'HRL-09999' }), w).then(() => null, (e: unknown) => e);
    expect((error as DomainError).status).toBe(409);
    expect(balance()).toBe(500);
  });
});
