import { beforeEach, describe, expect, it } from 'vitest';
import type { GuestOrderRequest } from '@shared/schemas/guest';
import { guestRefundKeys, refundInFlightAccount, type GuestOrder } from '../../wallet/ports/payment-orders';
import type { VendSessions } from '../../vending/ports/vend-sessions';
import { createGuestClaim } from './guest-claims';
import { createGuestOrder, readGuestOrder, settleGuestSession } from './guest-orders';
import { moneyWorld } from '../../wallet/domain/money.test-fakes';
import { domainError } from '../../wallet/domain/payment-orders.test-fakes';
import { completeVend } from '../../vending/domain/vend-close';
import { sweepExpiredSessions } from '../../vending/domain/vend-sweep';
import { STATION } from '../../vending/domain/vend.test-fakes';

/** Guest orders (docs/payments.md, "Guest orders") on the in-memory adapters, against a gateway that answers 503, times out and refuses. */

let w: Awaited<ReturnType<typeof moneyWorld>>;
beforeEach(async () => {
  w = await moneyWorld();
});

type Refill = Awaited<ReturnType<typeof w.guestPays>>;
const order = async (refill: Refill) => (await w.orders.get(refill.id)) as GuestOrder;
const unused = (refill: Refill) => guestRefundKeys.unused(refill.id);
/** What the refund of the unused part holds while it is on its way to the gateway. */
const inFlight = (refill: Refill) => w.balance(refundInFlightAccount(unused(refill)));
const session = (refill: Refill) => w.vend.vendSessions.sessions.get(refill.sessionId)!;
const HOUR = 3_600_000;

/** A QRIS order the guest has not paid yet: the gateway waits for the scan. */
async function unpaidQrisOrder(volumeMl = 1_000) {
  const view = await createGuestOrder({ request: { stationId: STATION, volumeMl, paymentMethod: 'qris' }, idempotencyKey: crypto.randomUUID(), client: '198.51.100.8' }, w.deps);
  expect(view).toMatchObject({ status: 'waiting_payment', paidIdr: 0 });
  return view;
}

/** The sweep expires the refill's session (nobody closed it in time) and the stream settles the expiry: nothing refunded yet. */
async function expired(refill: Refill): Promise<Date> {
  const at = new Date(Date.parse(session(refill).expiresAt) + 1_000);
  expect(await sweepExpiredSessions(w.vend, at)).toMatchObject({ expired: 1 });
  expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('waiting');
  expect(session(refill)).toMatchObject({ status: 'expired', fullRefund: 'waiting' });
  expect([w.balance(refill.account), w.gateway.refundCalls.length]).toEqual([(await order(refill)).amount, 0]);
  return at;
}
const graceAfter = (at: Date) => new Date(at.getTime() + 24 * HOUR + 1_000);

describe('a guest order', () => {
  it('paid and all dispensed: charged in full, nothing refunded, the receipt e-mailed once', async () => {
    const refill = await w.guestPays(1_000, { email: 'tourist@example.com' });
    expect(w.vend.stationMessages.last()).toMatchObject({ topic: 'authorized', stationId: STATION, message: { sessionId: refill.sessionId, maxMl: 1_000 } });
    expect(w.balance(refill.account)).toBe(0);
    expect(await w.dispenses(refill, 1_000)).toBe('settled');
    expect(await order(refill)).toMatchObject({ status: 'settled', closedAt: expect.any(String), dispensedMl: 1_000, charged: 1_000 });
    expect((await order(refill)).refunded ?? 0).toBe(0);
    expect(w.gateway.refundCalls).toEqual([]);
    expect(w.balance(refill.account)).toBe(0);
    expect(w.mailer.sent.map((m) => [m.to, m.subject])).toEqual([['tourist@example.com', 'Your Bali Refill receipt: 1.000 L, refund Rp 0']]);
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('settled');
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('partly dispensed: the rest is set aside, refunded through the gateway once, and the guest account ends at zero', async () => {
    const refill = await w.guestPays(1_500);
    expect(await w.dispenses(refill, 1_234)).toBe('settled');
    expect(w.gateway.refundsMade.get(refill.id)).toEqual([{ key: unused(refill), amount: 266 }]);
    expect(await order(refill)).toMatchObject({ status: 'refunded', refunded: 266, refundKeys: [unused(refill)], charged: 1_234, dispensedMl: 1_234 });
    expect([w.balance(refill.account), inFlight(refill), w.owed(refill.account)]).toEqual([0, 0, 0]);
    // Set aside before the gateway was asked, then taken from there: the guest account's own entries.
    expect(w.ledger.entries_.filter((e) => e.userId === refill.account).map((e) => [e.type, e.amount])).toEqual([
      ['topup', 1_500], ['hold', -1_500], ['release', 1_500], ['purchase', -1_234], ['adjustment', -266],
    ]);
    expect(await readGuestOrder(refill.id, refill.secret, w.deps)).toMatchObject({ status: 'done', paidIdr: 1_500, chargedIdr: 1_234, refundedIdr: 266, refund: 'refunded' });
    await Promise.all([settleGuestSession(refill.sessionId, w.deps), readGuestOrder(refill.id, refill.secret, w.deps)]);
    expect(w.gateway.refundCalls).toHaveLength(1);
  });

  it('a 503, then a time-out after the gateway made it: the money waits in flight, and it is refunded once', async () => {
    const refill = await w.guestPays(1_500);
    w.gateway.refundAnswers.push('unavailable', 'timeout');
    expect(await w.dispenses(refill, 1_000)).toBe('unsettled');
    expect([w.balance(refill.account), inFlight(refill)]).toEqual([0, 500]);
    expect(await order(refill)).not.toHaveProperty('closedAt');
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('unsettled');
    expect(w.gateway.refundsMade.get(refill.id)).toEqual([{ key: unused(refill), amount: 500 }]);
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('settled');
    expect(w.gateway.refundCalls.map((r) => [r.key, r.amount])).toEqual([[unused(refill), 500], [unused(refill), 500], [unused(refill), 500]]);
    expect(w.gateway.refundsMade.get(refill.id)).toEqual([{ key: unused(refill), amount: 500 }]);
    expect(await order(refill)).toMatchObject({ refunded: 500, refundKeys: [unused(refill)], closedAt: expect.any(String) });
    expect([w.balance(refill.account), inFlight(refill)]).toEqual([0, 0]);
  });

  it('a refund the gateway refuses goes back to the guest account, held for the guest and listed for the admin', async () => {
    const refill = await w.guestPays(1_500);
    w.gateway.refundAnswers.push('refused');
    expect(await w.dispenses(refill, 1_000)).toBe('settled');
    expect([w.balance(refill.account), inFlight(refill)]).toEqual([500, 0]);
    expect(await order(refill)).toMatchObject({ closedAt: expect.any(String), charged: 1_000, refundRefused: { reason: 'Refund is not possible after the refund window', keys: [unused(refill)] } });
    expect((await w.orders.listRefusedRefunds(10)).map((o) => o.orderId)).toEqual([refill.id]);
    expect(await readGuestOrder(refill.id, refill.secret, w.deps)).toMatchObject({ status: 'done', refund: 'refused', heldIdr: 500, refundedIdr: 0 });
  });

  it('not started: a station gone into maintenance before the payment opens no session, and the order is refunded in full', async () => {
    const view = await unpaidQrisOrder();
    await w.vend.machines.update(STATION, { status: 'maintenance' });
    w.gateway.pay(view.id);
    w.clock.advance(5_000);
    expect(await readGuestOrder(view.id, view.secret, w.deps)).toMatchObject({
      status: 'done', paidIdr: 1_000, chargedIdr: 0, refundedIdr: 1_000, message: 'The station could not be started, so your payment of Rp 1.000 is refunded in full.',
    });
    expect(w.vend.vendSessions.sessions.size).toBe(0);
    expect(w.vend.stationMessages.sent).toEqual([]);
    expect(w.gateway.refundsMade.get(view.id)).toEqual([{ key: guestRefundKeys.unused(view.id), amount: 1_000 }]);
    expect(w.balance((await w.orders.get(view.id))!.userId)).toBe(0);
  });

  it('paid too late: a payment confirmed more than 10 minutes after the order starts nothing and is refunded in full', async () => {
    const view = await unpaidQrisOrder(1_500);
    w.clock.advance(11 * 60_000);
    w.gateway.pay(view.id);
    expect(await readGuestOrder(view.id, view.secret, w.deps)).toMatchObject({
      status: 'done', paidIdr: 1_500, refundedIdr: 1_500, message: 'Your payment of Rp 1.500 was confirmed too late to start the station, so it is refunded in full.',
    });
    expect(w.vend.vendSessions.sessions.size).toBe(0);
    expect(w.vend.stationMessages.sent).toEqual([]);
    expect(w.gateway.refunded(view.id)).toBe(1_500);
  });

  it('a guest claim on an order that charged nothing is refused; on a metered refill it waits for an admin and credits nothing', async () => {
    const view = await unpaidQrisOrder();
    await w.vend.machines.update(STATION, { status: 'offline' });
    w.gateway.pay(view.id);
    w.clock.advance(5_000);
    await readGuestOrder(view.id, view.secret, w.deps);
    expect((await domainError(createGuestClaim(view.id, { secret: view.secret, kind: 'not_dispensed' }, w.deps))).message).toBe('This refill charged nothing, so there is nothing to claim');

    await w.vend.machines.update(STATION, { status: 'online' });
    const refill = await w.guestPays(1_500);
    await w.dispenses(refill, 1_200);
    const claimed = await createGuestClaim(refill.id, { secret: refill.secret, kind: 'not_dispensed', whatsapp: '+6281234567890' }, w.deps);
    expect(claimed.claim).toEqual({ status: 'pending', kind: 'not_dispensed', creditedIdr: 0, reason: null, contact: { whatsapp: '+6281234567890' } });
    expect([w.balance(refill.account), w.gateway.refunded(refill.id)]).toEqual([0, 300]);
    // A WhatsApp number alone: nothing to e-mail (the team answers it by hand).
    expect(w.mailer.sent.filter((m) => m.subject.includes('claim'))).toEqual([]);
  });

  it('acknowledges a guest claim waiting for an admin by e-mail, in the claim\'s language, at the address it gave; a refused mail does not fail the claim', async () => {
    const refill = await w.guestPays(1_500);
    await w.dispenses(refill, 1_200);
    await createGuestClaim(refill.id, { secret: refill.secret, kind: 'dispensed_less', email: 'wayan@example.com' }, w.deps, 'id');
    expect(w.mailer.sent.filter((m) => m.to === 'wayan@example.com').map((m) => m.subject)).toEqual(['Klaim isi ulang Anda kami terima']);
    expect(w.mailer.sent.at(-1)?.text).toContain(refill.id);
    const another = await w.guestPays(1_000);
    await w.dispenses(another, 900);
    w.mailer.refusing = true;
    expect((await createGuestClaim(another.id, { secret: another.secret, kind: 'dispensed_less', email: 'made@example.com' }, w.deps)).claim).toMatchObject({ status: 'pending', contact: { email: 'made@example.com' } });
  });
});

describe('ordering a guest refill', () => {
  const refill = (request: Partial<GuestOrderRequest> = {}) => ({ stationId: STATION, volumeMl: 1_000, paymentMethod: 'google_pay' as const, walletToken: 'wallet-token', ...request });
  const ordering = (request: Partial<GuestOrderRequest>, idempotencyKey: string = crypto.randomUUID(), client = '198.51.100.9') =>
    createGuestOrder({ request: refill(request), idempotencyKey, client }, w.deps);
  /** The unpaid orders counted against a client address or a station in the current window. */
  const slotsOf = (key: string) => [...w.quota.counts.entries()].filter(([slot]) => slot.startsWith(`${key}|`)).reduce((n, [, count]) => n + count, 0);

  it('sent twice with the same key, is one order: one payment, one session, one start; the same key for another refill is refused', async () => {
    const key = crypto.randomUUID();
    const [first, again] = [await ordering({}, key), await ordering({}, key)];
    expect(again).toMatchObject({ id: first.id, secret: first.secret, paidIdr: 1_000 });
    expect([w.orders.items.size, w.vend.vendSessions.sessions.size, w.vend.stationMessages.sent.length]).toEqual([1, 1, 1]);
    // The money is held for the refill once: nothing of a second payment waits in the guest account.
    expect(w.balance((await w.orders.get(first.id))!.userId)).toBe(0);
    const reused = await domainError(ordering({ volumeMl: 500 }, key));
    expect([reused.status, reused.message]).toEqual([409, 'This Idempotency-Key was already used for a different order']);
    expect(w.orders.items.size).toBe(1);
  });

  it('counts an unpaid order against its address and its station; past the address\'s limit it is refused (429) without using a station slot, and a retry is never refused', async () => {
    const first = crypto.randomUUID();
    await ordering({ paymentMethod: 'qris', walletToken: undefined }, first);
    for (let i = 1; i < 20; i++) await ordering({ paymentMethod: 'qris', walletToken: undefined });
    expect([slotsOf('guest#client#198.51.100.9'), slotsOf(`guest#station#${STATION}`)]).toEqual([20, 20]);
    const refused = await domainError(ordering({ paymentMethod: 'qris', walletToken: undefined }));
    expect(refused.status).toBe(429);
    expect([slotsOf('guest#client#198.51.100.9'), slotsOf(`guest#station#${STATION}`), w.orders.items.size]).toEqual([20, 20, 20]);
    expect((await ordering({ paymentMethod: 'qris', walletToken: undefined }, first)).status).toBe('waiting_payment');
    // Another address still orders at the same station.
    expect((await ordering({ paymentMethod: 'qris', walletToken: undefined }, crypto.randomUUID(), '198.51.100.10')).status).toBe('waiting_payment');
  });

  it('a paid order gives its slots back, once', async () => {
    const view = await ordering({ paymentMethod: 'qris', walletToken: undefined });
    expect(slotsOf('guest#client#198.51.100.9')).toBe(1);
    w.gateway.pay(view.id);
    // Read once the gateway's notification is overdue: the order asks the gateway, which says it is paid.
    w.clock.advance(5_000);
    await readGuestOrder(view.id, view.secret, w.deps);
    await readGuestOrder(view.id, view.secret, w.deps);
    expect([slotsOf('guest#client#198.51.100.9'), slotsOf(`guest#station#${STATION}`)]).toEqual([0, 0]);
    expect((await w.orders.get(view.id))!.status).toBe('settled');
  });

  it('refuses what it cannot sell, before anything is charged or counted: no station 404, a station in maintenance 409, too much 400, a card wallet without its token 400', async () => {
    const refusals = await Promise.all([
      domainError(ordering({ stationId: 'NO-SUCH-STATION' })),
      domainError(ordering({ volumeMl: 2_000 })),
      domainError(ordering({ walletToken: undefined })),
    ]);
    expect(refusals.map((e) => [e.status, e.fields ?? null])).toEqual([[404, null], [400, { volumeMl: 'At most 1500 ml' }], [400, { walletToken: 'Required for Google Pay and Apple Pay' }]]);
    await w.vend.machines.update(STATION, { status: 'maintenance' });
    expect((await domainError(ordering({}))).status).toBe(409);
    expect([w.orders.items.size, w.quota.counts.size, w.vend.vendSessions.sessions.size]).toEqual([0, 0, 0]);
  });

  it('shows a receipt only to its secret: a wrong secret and an unknown order both answer 404', async () => {
    const paid = await w.guestPays(1_000);
    expect((await readGuestOrder(paid.id, paid.secret, w.deps)).id).toBe(paid.id);
    const [wrongSecret, unknown] = await Promise.all([
      domainError(readGuestOrder(paid.id, `${paid.secret}x`, w.deps)),
      domainError(readGuestOrder(paid.id.replace(/.$/, (c) => (c === '0' ? '1' : '0')), paid.secret, w.deps)),
    ]);
    expect([wrongSecret.status, unknown.status]).toEqual([404, 404]);
    expect(wrongSecret.message).toBe(unknown.message);
  });
});

describe('an expired guest refill (issue 32, item 4)', () => {

  it('waits for its station: a late completion is charged from the order, only the rest is refunded, and the guest owes nothing', async () => {
    const refill = await w.guestPays(1_000);
    const expiredAt = await expired(refill);
    expect(await readGuestOrder(refill.id, refill.secret, w.deps)).toMatchObject({ status: 'settling', refundedIdr: 0 });
    expect(await completeVend({ stationId: STATION, sessionId: refill.sessionId, dispensedMl: 600 }, w.vend)).toBe('settledLate');
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('settled');
    expect(await order(refill)).toMatchObject({ charged: 600, dispensedMl: 600, refunded: 400 });
    expect(w.gateway.refundsMade.get(refill.id)).toEqual([{ key: unused(refill), amount: 400 }]);
    expect([w.balance(refill.account), w.owed(refill.account), inFlight(refill)]).toEqual([0, 0, 0]);
    // The grace period passing afterwards finds nothing waiting.
    expect(await sweepExpiredSessions(w.vend, graceAfter(expiredAt))).toMatchObject({ refundsDue: 0 });
    expect(w.gateway.refundCalls).toHaveLength(1);
  });

  it('nobody completes it: refunded in full once the grace period passed; two sweeps at once mark it due once, and settling it thrice at once refunds once', async () => {
    const refill = await w.guestPays(1_000);
    const expiredAt = await expired(refill);
    expect(await sweepExpiredSessions(w.vend, new Date(expiredAt.getTime() + 23 * HOUR))).toMatchObject({ refundsDue: 0 });
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('waiting');
    const sweeps = await Promise.all([sweepExpiredSessions(w.vend, graceAfter(expiredAt)), sweepExpiredSessions(w.vend, graceAfter(expiredAt))]);
    expect(sweeps.map((s) => s.refundsDue).sort()).toEqual([0, 1]);
    expect(session(refill).fullRefund).toBe('due');
    await Promise.all([settleGuestSession(refill.sessionId, w.deps), settleGuestSession(refill.sessionId, w.deps), readGuestOrder(refill.id, refill.secret, w.deps)]);
    expect(w.gateway.refundsMade.get(refill.id)).toEqual([{ key: unused(refill), amount: 1_000 }]);
    expect(await order(refill)).toMatchObject({ refunded: 1_000, refundKeys: [unused(refill)], charged: 0, closedAt: expect.any(String) });
    expect(session(refill).fullRefund).toBe('made');
    expect([w.balance(refill.account), inFlight(refill), w.owed(refill.account)]).toEqual([0, 0, 0]);
  });

  it("is refunded in full at its station's first heartbeat after the expiry", async () => {
    const refill = await w.guestPays(1_000);
    const expiredAt = await expired(refill);
    // The station's last heartbeat was before the expiry: it may still deliver a stored completion.
    expect(await sweepExpiredSessions(w.vend, new Date(expiredAt.getTime() + 60_000))).toMatchObject({ refundsDue: 0 });
    const heard = new Date(expiredAt.getTime() + 90_000).toISOString();
    await w.vend.machines.update(STATION, { heartbeatReceivedAt: heard, lastHeartbeat: heard });
    expect(await sweepExpiredSessions(w.vend, new Date(expiredAt.getTime() + 120_000))).toMatchObject({ refundsDue: 1 });
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('settled');
    expect(await order(refill)).toMatchObject({ refunded: 1_000, charged: 0 });
  });

  it('refunded in full first (the money set aside, the gateway unreachable), a completion after it is owed on the emptied account; the order charged nothing and cannot be claimed', async () => {
    const refill = await w.guestPays(1_000);
    await sweepExpiredSessions(w.vend, graceAfter(await expired(refill)));
    w.gateway.refundAnswers.push('unavailable');
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('unsettled');
    expect([w.balance(refill.account), inFlight(refill), session(refill).fullRefund]).toEqual([0, 1_000, 'made']);
    expect(await completeVend({ stationId: STATION, sessionId: refill.sessionId, dispensedMl: 600 }, w.vend)).toBe('receivable');
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('settled');
    expect(w.gateway.refundsMade.get(refill.id)).toEqual([{ key: unused(refill), amount: 1_000 }]);
    expect(await order(refill)).toMatchObject({ refunded: 1_000, charged: 0, dispensedMl: 0 });
    expect([w.balance(refill.account), w.owed(refill.account), inFlight(refill)]).toEqual([0, 600, 0]);
    expect((await domainError(createGuestClaim(refill.id, { secret: refill.secret, kind: 'not_dispensed' }, w.deps))).status).toBe(409);
  });

  it('a late completion charged between reading the expiry and setting the refund aside refuses the transfer; the next try refunds only the rest', async () => {
    const refill = await w.guestPays(1_000);
    await sweepExpiredSessions(w.vend, graceAfter(await expired(refill)));
    // A settler that read the session while it was expired and due, before the completion landed.
    const stale = { ...session(refill) };
    const staleSessions: VendSessions = Object.assign(Object.create(w.vend.vendSessions) as VendSessions, { get: async () => stale });
    expect(await completeVend({ stationId: STATION, sessionId: refill.sessionId, dispensedMl: 600 }, w.vend)).toBe('settledLate');
    expect(await settleGuestSession(refill.sessionId, { ...w.deps, vendSessions: staleSessions })).toBe('unsettled');
    expect([w.balance(refill.account), inFlight(refill), w.gateway.refundCalls.length]).toEqual([400, 0, 0]);
    expect(await settleGuestSession(refill.sessionId, w.deps)).toBe('settled');
    expect(await order(refill)).toMatchObject({ refunded: 400, charged: 600 });
    expect([w.balance(refill.account), w.owed(refill.account), inFlight(refill)]).toEqual([0, 0, 0]);
  });
});
