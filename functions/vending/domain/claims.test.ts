import { beforeEach, describe, expect, it } from 'vitest';
import type { VendSession } from '../ports/vend-sessions';
import { fileClaim, listClaims, resolveClaim, supportOf } from './claims';
import { moneyWorld, PERSON } from '../../wallet/domain/money.test-fakes';
import { domainError } from '../../wallet/domain/payment-orders.test-fakes';
import { completeVend, failVend } from './vend-close';
import { openPaidVendSession } from './vend-paid';
import { sweepExpiredSessions } from './vend-sweep';
import { STATION } from './vend.test-fakes';

const session = (over: Partial<VendSession>): VendSession => ({
  id: 's1', stationId: 'HRL-00001', machineName: 'Ubud', userId: 'u1', tokenId: 'j', requestId: 'r', status: 'completed', holdAmount: 1500, maxMl: 1500,
  pricePerLitre: 1000, createdAt: '2026-11-23T10:00:00.000Z', expiresAt: '2026-11-23T10:03:00.000Z', closedAt: '2026-11-23T10:01:00.000Z', dispensedMl: 350, charged: 350, ...over,
});

describe('what supports a claim', () => {
  it('nothing in a metered vend charged exactly its completion', () => {
    expect(supportOf(session({}), false)).toBeNull();
  });
  it('a failure or an incident on the session gives back the whole charge', () => {
    expect(supportOf(session({ reason: 'pump fault', settledLate: true, settledLateAfter: 'failed' }), false)).toMatchObject({ creditIdr: 350 });
    expect(supportOf(session({}), true)).toMatchObject({ creditIdr: 350 });
  });
  it('a late but metered completion after the sweep\'s expiry is a charge the station proved: no automatic credit', () => {
    expect(supportOf(session({ reason: 'not completed in time', settledLate: true, settledLateAfter: 'expired', dispensedMl: 1000, charged: 1000 }), false)).toBeNull();
    // Settled late before the record said how it had closed: reviewed by an admin, never credited on its own.
    expect(supportOf(session({ reason: 'not completed in time', settledLate: true, dispensedMl: 1000, charged: 1000 }), false)).toBeNull();
  });
  it('a charge above the completion at the session price gives back the difference', () => {
    expect(supportOf(session({ charged: 500, dispensedMl: 350, pricePerLitre: 1000 }), false)).toMatchObject({ creditIdr: 150 });
    expect(supportOf(session({ charged: 700, dispensedMl: 350, pricePerLitre: 2000 }), false)).toBeNull();
  });
});

describe('claims on the in-memory adapters: the money they move', () => {
  let w: Awaited<ReturnType<typeof moneyWorld>>;
  const wallet = () => w.balance(PERSON);
  /** A refill of 1 L paid from the wallet (Rp 1,000 held), its session open at the station. */
  const refill = async () => {
    const orderId = `PU-${crypto.randomUUID().replaceAll('-', '')}`;
    return (await openPaidVendSession({ orderId, userId: PERSON, amount: 1_000, machineId: STATION, volumeMl: 1_000 }, w.vend)).sessionId;
  };
  const claim = (sessionId: string, kind: 'not_dispensed' | 'dispensed_less' = 'not_dispensed') => fileClaim(PERSON, sessionId, { kind }, w.deps);
  const complete = (sessionId: string, dispensedMl: unknown) => completeVend({ stationId: STATION, sessionId, dispensedMl }, w.vend);

  beforeEach(async () => {
    w = await moneyWorld();
    w.vend.users.items.get(PERSON)!.balance = 5_000;
  });

  it('credits at once, once, on the station\'s own failure report followed by a charged completion', async () => {
    const sessionId = await refill();
    expect(await failVend({ stationId: STATION, sessionId, reason: 'pump fault' }, w.vend)).toBe('released');
    expect(await complete(sessionId, 1_000)).toBe('settledLate');
    expect(wallet()).toBe(4_000);
    const [first, second] = await Promise.allSettled([claim(sessionId), claim(sessionId)]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { status: 'credited', creditedIdr: 1_000, support: expect.stringContaining('pump fault') } });
    expect(second).toMatchObject({ status: 'rejected', reason: { status: 409, message: 'This refill has a claim already' } });
    expect(wallet()).toBe(5_000);
    expect(await w.deps.claims.get(PERSON, sessionId)).toMatchObject({ status: 'credited', creditedIdr: 1_000, resolution: { by: 'system', decision: 'credit' } });
    expect(w.mailer.sent.map((m) => m.subject)).toEqual(['Your refill claim: Rp 1.000 back in your wallet']);
  });

  it('credits a completion that could not be settled as it came (an incident), once its retry charged it', async () => {
    const sessionId = await refill();
    expect(await complete(sessionId, '250')).toBe('incident');
    expect(await complete(sessionId, 250)).toBe('settled');
    expect(wallet()).toBe(4_750);
    expect(await claim(sessionId, 'dispensed_less')).toMatchObject({ status: 'credited', creditedIdr: 250 });
    expect(wallet()).toBe(5_000);
  });

  it('queues a claim on a late but metered completion after the sweep\'s expiry for an admin: the wallet is unchanged until the admin credits', async () => {
    const sessionId = await refill();
    await sweepExpiredSessions(w.vend, new Date(Date.parse(w.vend.vendSessions.sessions.get(sessionId)!.expiresAt) + 1_000));
    expect(await complete(sessionId, 1_000)).toBe('settledLate');
    expect(wallet()).toBe(4_000);
    expect(await claim(sessionId)).toMatchObject({ status: 'pending', creditedIdr: 0, support: null });
    expect(wallet()).toBe(4_000);
    expect((await listClaims({ status: 'pending', limit: 50 }, w.deps)).items.map((c) => c.sessionId)).toEqual([sessionId]);

    expect((await domainError(resolveClaim(sessionId, { decision: 'credit', amount: 1_001, reason: 'x' }, 'admin:ketut', w.deps))).status).toBe(400);
    expect(await resolveClaim(sessionId, { decision: 'credit', amount: 600, reason: 'Meter checked: 400 ml' }, 'admin:ketut', w.deps)).toMatchObject({ status: 'credited', creditedIdr: 600 });
    expect(wallet()).toBe(4_600);
    expect((await domainError(resolveClaim(sessionId, { decision: 'credit', amount: 600, reason: 'again' }, 'admin:wayan', w.deps))).message).toBe('This claim was resolved already');
    expect((await domainError(resolveClaim(sessionId, { decision: 'decline', reason: 'late' }, 'admin:wayan', w.deps))).status).toBe(409);
    expect(wallet()).toBe(4_600);
    expect(w.ledger.entries_.filter((e) => e.key === `claim:${sessionId}`).map((e) => [e.type, e.amount])).toEqual([['refund', 600]]);
  });

  it('refuses a claim on a refill that charged nothing, and one made after 24 hours', async () => {
    const failed = await refill();
    await failVend({ stationId: STATION, sessionId: failed, reason: 'valve' }, w.vend);
    expect((await domainError(claim(failed))).message).toBe('This refill charged nothing, so there is nothing to claim');
    const nothing = await refill();
    await complete(nothing, 0);
    expect((await domainError(claim(nothing))).status).toBe(409);
    const old = await refill();
    await complete(old, 500);
    w.clock.advance(25 * 3_600_000);
    expect((await domainError(claim(old))).message).toBe('Claims are taken within 24 hours of the refill');
    expect(wallet()).toBe(4_500);
    expect(w.deps.claims.items.size).toBe(0);
  });
});
