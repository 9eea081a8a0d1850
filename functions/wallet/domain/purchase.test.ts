import { beforeEach, describe, expect, it } from 'vitest';
import type { ChargeResult, PaymentGateway, PaymentNotification } from '../ports/payment-gateway';
import type { PurchaseOrder } from '../ports/payment-orders';
import { DomainError } from '../../platform/domain/errors';
import { newOrderState } from './payment-orders';
import { MemoryOrders } from './payment-orders.test-fakes';
import { handleNotification } from './payment-confirmation';
import { startPurchase, type PurchaseDeps } from './purchase';
import { afterPurchasePaid, PAID_TOO_LATE, STATION_UNAVAILABLE } from './purchase-paid';
import { openPaidVendSession, type PaidOrder } from '../../vending/domain/vend-paid';
import { BUYER, STATION, stationAndBuyerWorld } from '../../vending/domain/vend.test-fakes';
import { afterPaid } from './after-payment';

/** The purchase use case (POST /api/purchase) wired to the paid vend session it opens. */

let w: Awaited<ReturnType<typeof stationAndBuyerWorld>>;
beforeEach(async () => {
  w = await stationAndBuyerWorld();
});
const paid = (order?: Partial<PaidOrder>, alreadyInWallet?: number) => w.paid(order, alreadyInWallet);
const balance = () => w.balance();


describe('POST /api/purchase use case', () => {
  const payer = { sub: BUYER, username: 'b', email: null, givenName: null, familyName: null };
  const request = { machineId: STATION, volume: 0.5, walletToken: 'tok', paymentMethod: 'google_pay' as const };
  let orders: MemoryOrders;
  let charges: number;
  let duringCharge: () => Promise<void>;
  const capture: ChargeResult = { transactionId: 'tx', outcome: 'settled', gatewayStatus: 'capture', qrString: null, qrImageUrl: null, deeplink: null, redirectUrl: null, expiresAt: null, message: null };
  const deps = () => {
    const gateway: PaymentGateway = {
      charge: async () => (charges++, await duringCharge(), capture),
      verifyNotification: async () => { throw new Error('unused'); },
      status: async () => null,
      refund: async () => { throw new Error('unused'); },
    };
    const d: PurchaseDeps = {
      paymentOrders: orders, paymentGateway: gateway, ledger: w.ledger, clock: w.clock, users: w.users, settings: w.settings, machines: w.machines,
      openPaidSession: (order) => openPaidVendSession(order, w), afterPaid,
    };
    return d;
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
      refund: async () => { throw new Error('unused'); },
    };
    const d: PurchaseDeps = { paymentOrders: orders, paymentGateway: gateway, ledger: w.ledger, clock: w.clock, users: w.users, settings: w.settings, machines: w.machines, openPaidSession: (order) => openPaidVendSession(order, w), afterPaid };
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
    const opened = await afterPurchasePaid(purchase, { paymentOrders: orders, openPaidSession: (o) => openPaidVendSession(o, w), settings: w.settings, clock: w.clock });
    expect(opened.sessionStatus).toBe('authorized');
    expect(w.stationMessages.sent).toHaveLength(1);
  });
});
