import { describe, expect, it } from 'vitest';
import { GatewayUnavailable, SignatureRejected, type PaymentNotification } from '../ports/payment-gateway';
import type { PaymentOrder } from '../ports/payment-orders';
import { domainError, KEY, payer, pending, report, setup } from './payment-orders.test-fakes';
import { handleNotification } from './payment-confirmation';
import { applyGatewayReport } from './payment-reports';
import { startTopup } from './topup';

/** The webhook: only what the gateway's status API confirms moves money. */

describe('the webhook: only what the gateway confirms moves money', () => {
  async function notified(status: (order: PaymentOrder) => PaymentNotification | null) {
    let order: PaymentOrder | undefined;
    const s = setup(async () => pending, async () => status(order!));
    const started = await startTopup({ payer, amount: 50_000, paymentMethod: 'qris', idempotencyKey: KEY }, s.deps);
    order = (await s.orders.get(started.id))!;
    return { ...s, order };
  }

  it('credits a settlement the status API confirms, once', async () => {
    const { deps, order, balance, calls } = await notified((o) => report(o, 'settled', 'settlement'));
    expect(await handleNotification(report(order, 'settled', 'settlement'), deps)).toEqual({ ok: true, result: 'credited' });
    expect(await handleNotification(report(order, 'settled', 'settlement'), deps)).toEqual({ ok: true, result: 'already-credited' });
    expect(balance()).toBe(50_000);
    expect(calls.status).toBe(2);
  });

  it('refuses a notification whose signature does not hold with 403, moving nothing and asking nothing', async () => {
    const { deps, order, balance, calls } = await notified((o) => report(o, 'settled', 'settlement'));
    const forged = { ...deps, paymentGateway: { ...deps.paymentGateway, verifyNotification: async () => { throw new SignatureRejected('signature_key does not match'); } } };
    const refused = await handleNotification(report(order, 'settled', 'settlement'), forged).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 403, message: 'Invalid signature' });
    expect((refused as Error).cause).toBeInstanceOf(SignatureRejected);
    expect(balance()).toBe(0);
    expect(calls.status).toBe(0);
  });

  it('a settlement the gateway does not confirm (still pending, unknown order) credits nothing', async () => {
    for (const status of [(o: PaymentOrder) => report(o, 'pending', 'pending'), () => null]) {
      const { deps, order, balance, orders } = await notified(status);
      expect(await handleNotification(report(order, 'settled', 'settlement'), deps)).toEqual({ ok: true, result: 'unconfirmed' });
      expect(balance()).toBe(0);
      expect((await orders.get(order.orderId))!.status).toBe('pending');
    }
  });

  it('a made-up refund key or amount moves nothing; the listed refund is taken back once, whatever the notification says', async () => {
    const { deps, order, balance, orders } = await notified((o) => report(o, 'refunded', 'partial_refund', { refunds: [{ key: 'real', amount: 10_000 }] }));
    await applyGatewayReport(order, report(order, 'settled', 'settlement'), deps);
    const claim = (refundKey: string, refundAmount: number) => report(order, 'refunded', 'partial_refund', { refundKey, refundAmount });
    expect((await handleNotification(claim('made-up', 10_000), deps)).result).toBe('unconfirmed');
    expect((await handleNotification(claim('real', 40_000), deps)).result).toBe('unconfirmed');
    expect(balance()).toBe(50_000);
    expect((await handleNotification(claim('real', 10_000), deps)).result).toBe('refunded');
    expect((await handleNotification(claim('real', 10_000), deps)).result).toBe('refunded');
    expect(balance()).toBe(40_000);
    expect((await orders.get(order.orderId))!).toMatchObject({ refunded: 10_000, refundKeys: ['real'] });
  });

  it('a settlement notification arriving after the refund credits and takes the refund back, in that order', async () => {
    const { deps, order, balance } = await notified((o) => report(o, 'refunded', 'refund', { refunds: [{ key: 'r1', amount: 50_000 }] }));
    expect((await handleNotification(report(order, 'settled', 'settlement'), deps)).result).toBe('refunded');
    expect(balance()).toBe(0);
  });

  it('a cancel that is not confirmed never takes back a payment credited while it was being applied', async () => {
    const { deps, order, balance, orders } = await notified((o) => report(o, 'settled', 'settlement'));
    // The real settlement lands while the cancel is applied to the order that was still pending.
    const update = orders.update.bind(orders);
    let raced = false;
    orders.update = async (id, patch, onlyIf) => {
      if (!raced && patch.status === 'failed') {
        raced = true;
        await applyGatewayReport((await orders.get(id))!, report(order, 'settled', 'settlement'), deps);
      }
      return update(id, patch, onlyIf);
    };
    expect((await handleNotification(report(order, 'failed', 'cancel'), deps)).result).toBe('unconfirmed');
    expect(raced).toBe(true);
    expect(balance()).toBe(50_000);
    expect((await orders.get(order.orderId))!.status).toBe('settled');
  });

  it('moves nothing while the gateway cannot be asked: 503, so that the gateway delivers it again', async () => {
    let order: PaymentOrder | undefined;
    const s = setup(async () => pending, async () => { throw new GatewayUnavailable('timeout'); });
    order = (await s.orders.get((await startTopup({ payer, amount: 50_000, paymentMethod: 'qris', idempotencyKey: KEY }, s.deps)).id))!;
    expect((await domainError(handleNotification(report(order, 'settled', 'settlement'), s.deps))).status).toBe(503);
    expect(s.balance()).toBe(0);
  });

  it('pending, deny and expire of a pending order need no confirmation (they move no money)', async () => {
    const { deps, order, orders, calls } = await notified(() => null);
    expect((await handleNotification(report(order, 'pending', 'pending'), deps)).result).toBe('pending');
    expect((await handleNotification(report(order, 'expired', 'expire'), deps)).result).toBe('expired');
    expect((await orders.get(order.orderId))!.status).toBe('expired');
    expect(calls.status).toBe(0);
  });
});
