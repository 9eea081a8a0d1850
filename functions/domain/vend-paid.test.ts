import { beforeEach, describe, expect, it } from 'vitest';
import type { ChargeResult, PaymentGateway, PaymentNotification } from '../ports/payment-gateway';
import type { PurchaseOrder } from '../ports/topups';
import { DomainError } from './errors';
import { MemoryOrders } from './payments.test-fakes';
import { verifyVendToken } from './tokens';
import { completeVend, failVend, openPaidVendSession, paidSessionId, sweepExpiredSessions, type PaidOrder } from './vend';
import { memoryVendWorld } from './vend.test-fakes';
import { handleNotification, newOrderState } from './payments';
import { afterPurchasePaid, PAID_TOO_LATE, startPurchase, STATION_UNAVAILABLE, walletDeps } from './wallet';

/** Direct wallet purchases (docs/architecture.md, Payments): a vend session paid by the gateway, opened at the station. */

const STATION = 'HRL-00001';
const BUYER = 'buyer-1';

let w: Awaited<ReturnType<typeof memoryVendWorld>>;
beforeEach(async () => {
  w = await memoryVendWorld();
  const at = w.clock.now().toISOString();
  await w.machines.create({ id: STATION, name: 'Sanur Beach', status: 'online', lastHeartbeat: at, maxFillMl: 1500, createdAt: at, updatedAt: at });
  await w.users.ensure({ id: BUYER, username: 'b', firstName: null, lastName: null, email: null }, at);
});

/** The state after a successful charge: the paid amount credited to the wallet under the order id. */
async function paid(order: Partial<PaidOrder> = {}, alreadyInWallet = 0): Promise<PaidOrder> {
  const o = { orderId: `PU-${crypto.randomUUID().replaceAll('-', '')}`, userId: BUYER, amount: 500, machineId: STATION, volumeMl: 500, ...order };
  w.users.items.get(BUYER)!.balance += alreadyInWallet;
  await w.ledger.post(BUYER, 'topup', o.amount, o.orderId, { reference: o.orderId, actor: 'gateway' });
  return o;
}
const balance = () => w.users.items.get(BUYER)!.balance;

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
    const check = await verifyVendToken(sent.message.vendToken, w.signingKeys.pair.publicKey, w.clock.now(), STATION);
    expect(check).toMatchObject({ ok: true, claims: { sessionId: opened.sessionId, stationId: STATION, maxMl: 500 } });
    // Bound to its station: another station rejects it.
    expect((await verifyVendToken(sent.message.vendToken, w.signingKeys.pair.publicKey, w.clock.now(), 'HRL-00002')).ok).toBe(false);
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

// ---------------------------------------------------------------------------------------------------------
// The purchase use case wired to it (walletDeps(services, openPaidSession))


describe('POST /api/purchase use case', () => {
  const payer = { sub: BUYER, username: 'b', email: null, givenName: null, familyName: null };
  const request = { machineId: STATION, volume: 0.5, walletToken: 'tok', paymentMethod: 'google_pay' as const };
  let orders: MemoryOrders;
  let charges: number;
  let duringCharge: () => Promise<void>;
  const capture: ChargeResult = { transactionId: 'tx', outcome: 'settled', gatewayStatus: 'capture', qrString: null, qrImageUrl: null, deeplink: null, expiresAt: null, message: null };
  const deps = () => {
    const gateway: PaymentGateway = {
      charge: async () => (charges++, await duringCharge(), capture),
      verifyNotification: async () => { throw new Error('unused'); },
      status: async () => null,
    };
    return walletDeps(
      { paymentOrders: orders, payments: gateway, ledger: w.ledger, clock: w.clock, users: w.users, settings: w.settings, machines: w.machines },
      (order) => openPaidVendSession(order, w),
    );
  };
  beforeEach(() => {
    orders = new MemoryOrders();
    charges = 0;
    duringCharge = async () => undefined;
  });

  it('answers authorized with the session id; the same Idempotency-Key again opens no second session', async () => {
    const first = await startPurchase({ payer, request, idempotencyKey: 'purchase-key-1' }, deps());
    expect(first).toEqual({ sessionId: expect.stringMatching(/^PAID-PU-/), status: 'authorized', volume: 0.5, amount: 500 });
    const again = await startPurchase({ payer, request, idempotencyKey: 'purchase-key-1' }, deps());
    expect(again).toEqual(first);
    expect(charges).toBe(1);
    expect(w.vendSessions.sessions.size).toBe(1);
    expect(w.stationMessages.sent).toHaveLength(1);
    expect(balance()).toBe(0);
    expect([...orders.items.values()][0]).toMatchObject({ status: 'settled', sessionId: first.sessionId, sessionStatus: 'authorized' });
  });

  it('a station that goes away while the card is charged: 409, the paid amount stays in the wallet, a replay says the same', async () => {
    duringCharge = async () => void (await w.machines.update(STATION, { status: 'maintenance' }));
    const error = await startPurchase({ payer, request, idempotencyKey: 'purchase-key-2' }, deps()).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect((error as DomainError).message).toMatch(/in your wallet/);
    expect(balance()).toBe(500);
    expect(w.vendSessions.sessions.size).toBe(0);
    const order = [...orders.items.values()][0] as PurchaseOrder;
    expect(order).toMatchObject({ status: 'settled', sessionId: null, sessionStatus: STATION_UNAVAILABLE });
    // Back online: a replay of the same key neither charges again nor starts a refill the buyer no longer waits for.
    await w.machines.update(STATION, { status: 'online' });
    const replay = await startPurchase({ payer, request, idempotencyKey: 'purchase-key-2' }, deps()).then(() => null, (e: unknown) => e);
    expect((replay as DomainError).status).toBe(409);
    expect(charges).toBe(1);
    expect(w.vendSessions.sessions.size).toBe(0);
  });

  it('a station offline before paying is refused before any charge', async () => {
    await w.machines.update(STATION, { status: 'offline' });
    const error = await startPurchase({ payer, request, idempotencyKey: 'purchase-key-3' }, deps()).then(() => null, (e: unknown) => e);
    expect((error as DomainError).status).toBe(409);
    expect(charges).toBe(0);
    expect(balance()).toBe(0);
  });

  it('a payment the gateway confirms after the cutoff (2 minutes) starts nothing: the amount stays in the wallet and the buyer is told', async () => {
    const pendingCharge: ChargeResult = { ...capture, outcome: 'pending', gatewayStatus: 'pending' };
    const gateway: PaymentGateway = {
      charge: async () => pendingCharge,
      verifyNotification: async (body) => body as PaymentNotification,
      // The gateway's status API confirms the capture (the notification is proof only with it).
      status: async (ref) => ({ orderId: ref.orderId, transactionId: 'tx', outcome: 'settled', gatewayStatus: 'capture', fraudStatus: 'accept', paymentType: 'credit_card', grossAmount: ref.amount, refundAmount: null, refundKey: null, refunds: [], message: null }),
    };
    const d = walletDeps({ paymentOrders: orders, payments: gateway, ledger: w.ledger, clock: w.clock, users: w.users, settings: w.settings, machines: w.machines }, (order) => openPaidVendSession(order, w));
    expect(await startPurchase({ payer, request, idempotencyKey: 'purchase-key-4' }, d)).toMatchObject({ status: 'pending' });
    const order = [...orders.items.values()][0]!;
    w.clock.advance(121_000);
    const notification = await gateway.status({ orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt });
    expect(await handleNotification(notification, d)).toEqual({ ok: true, result: 'credited' });
    expect(balance()).toBe(500);
    expect(w.vendSessions.sessions.size + w.stationMessages.sent.length).toBe(0);
    expect(await orders.get(order.orderId)).toMatchObject({ status: 'settled', sessionId: null, sessionStatus: PAID_TOO_LATE, message: expect.stringMatching(/more than 2 minutes after you paid.*in your wallet/) });
    // The buyer retrying the purchase is told the same, with a 409.
    const replay = await startPurchase({ payer, request, idempotencyKey: 'purchase-key-4' }, d).then(() => null, (e: unknown) => e);
    expect((replay as DomainError).status).toBe(409);
    expect((replay as DomainError).message).toMatch(/refill was not started/);
  });

  it('within the cutoff the same late-ish confirmation still starts the refill', async () => {
    const order = await paid();
    const purchase = { ...order, kind: 'purchase' as const, paymentMethod: 'google_pay' as const, idempotencyKey: 'k', fingerprint: 'f', sessionId: null, sessionStatus: null, machineName: 'x', ...newOrderState(w.clock.now().toISOString()), status: 'settled' as const };
    w.clock.advance(119_000);
    const opened = await afterPurchasePaid({ orders, openPaidSession: (o) => openPaidVendSession(o, w), settings: w.settings, clock: w.clock })(purchase);
    expect(opened.sessionStatus).toBe('authorized');
    expect(w.stationMessages.sent).toHaveLength(1);
  });
});
