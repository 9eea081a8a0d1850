import { describe, expect, it } from 'vitest';
import { KEY, payer, report, setup } from './payment-orders.test-fakes';
import { applyGatewayReport } from './payment-reports';
import { startTopup } from './topup';

/** Gateway reports applied to orders: credits once, refunds back once, never more than paid. */

describe('applying gateway reports', () => {
  async function pendingOrder() {
    const s = setup();
    const status = await startTopup({ payer, amount: 50_000, paymentMethod: 'gopay', idempotencyKey: KEY }, s.deps);
    return { ...s, order: (await s.orders.get(status.id))! };
  }

  it('the same settlement three times credits once', async () => {
    const { deps, ledger, orders, order, balance } = await pendingOrder();
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await applyGatewayReport((await orders.get(order.orderId))!, report(order, 'settled', 'settlement'), deps)).result);
    expect(results).toEqual(['credited', 'already-credited', 'already-credited']);
    expect(ledger.entries_).toHaveLength(1);
    expect(balance()).toBe(50_000);
    expect((await orders.get(order.orderId))!.status).toBe('settled');
  });

  it('pending then expire credits nothing; deny fails', async () => {
    const { deps, ledger, orders, order } = await pendingOrder();
    await applyGatewayReport(order, report(order, 'pending', 'pending'), deps);
    await applyGatewayReport((await orders.get(order.orderId))!, report(order, 'expired', 'expire'), deps);
    expect((await orders.get(order.orderId))!).toMatchObject({ status: 'expired', message: 'The payment was not completed in time' });
    expect(ledger.entries_).toEqual([]);
    // A late pending does not revive it.
    await applyGatewayReport((await orders.get(order.orderId))!, report(order, 'pending', 'pending'), deps);
    expect((await orders.get(order.orderId))!.status).toBe('expired');
  });

  it('a settlement after an expiry is the gateway’s last word: money arrived, it is credited once', async () => {
    const { deps, orders, order, balance } = await pendingOrder();
    await applyGatewayReport(order, report(order, 'expired', 'expire'), deps);
    await applyGatewayReport((await orders.get(order.orderId))!, report(order, 'settled', 'settlement'), deps);
    expect(balance()).toBe(50_000);
    expect((await orders.get(order.orderId))!.status).toBe('settled');
  });

  it('a deny after settling changes nothing', async () => {
    const { deps, orders, order, balance } = await pendingOrder();
    await applyGatewayReport(order, report(order, 'settled', 'settlement'), deps);
    await applyGatewayReport((await orders.get(order.orderId))!, report(order, 'failed', 'deny'), deps);
    expect((await orders.get(order.orderId))!.status).toBe('settled');
    expect(balance()).toBe(50_000);
  });

  it('a refund takes the refunded amount back once per refund key', async () => {
    const { deps, orders, order, balance } = await pendingOrder();
    await applyGatewayReport(order, report(order, 'settled', 'settlement'), deps);
    const refund = report(order, 'refunded', 'partial_refund', { refundAmount: 20_000, refundKey: 'r1', refunds: [{ key: 'r1', amount: 20_000 }] });
    await applyGatewayReport((await orders.get(order.orderId))!, refund, deps);
    await applyGatewayReport((await orders.get(order.orderId))!, refund, deps);
    expect(balance()).toBe(30_000);
    expect((await orders.get(order.orderId))!).toMatchObject({ status: 'refunded', refunded: 20_000, refundKeys: ['r1'] });
  });

  it('never takes back more than was paid, however many refunds the gateway lists', async () => {
    const { deps, orders, order, balance } = await pendingOrder();
    const refunds = [{ key: 'r1', amount: 30_000 }, { key: 'r2', amount: 30_000 }, { key: 'r3', amount: 5_000 }];
    await applyGatewayReport(order, report(order, 'refunded', 'refund', { refunds }), deps);
    expect(balance()).toBe(0);
    expect((await orders.get(order.orderId))!).toMatchObject({ refunded: 50_000, refundKeys: ['r1', 'r2'] });
  });

  it('a refund of money already spent is owed by the user (and counted), never a negative balance', async () => {
    const { deps, ledger, orders, order, balance, owed } = await pendingOrder();
    await applyGatewayReport(order, report(order, 'settled', 'settlement'), deps);
    await ledger.post('user-1', 'purchase', -45_000, 'spent', { reference: 'water', actor: 'station:x' });
    const result = await applyGatewayReport((await orders.get(order.orderId))!, report(order, 'refunded', 'refund', { refunds: [{ key: 'r1', amount: 50_000 }] }), deps);
    expect(result.result).toBe('refundOwed');
    expect([balance(), owed()]).toEqual([0, 45_000]);
    // The next top-up pays it first.
    await ledger.post('user-1', 'topup', 60_000, 'next', { reference: 'next', actor: 'gateway' });
    expect([balance(), owed()]).toEqual([15_000, 0]);
  });

  it('refuses a report whose amount differs from the order', async () => {
    const { deps, ledger, order } = await pendingOrder();
    await expect(applyGatewayReport(order, report(order, 'settled', 'settlement', { grossAmount: 5_000_000 }), deps)).rejects.toThrow(/does not match/);
    expect(ledger.entries_).toEqual([]);
  });
});
