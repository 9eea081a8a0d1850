import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/schemas/settings';
import { minimumTopupMessage } from '@shared/schemas/transaction';
import { GatewayRejected, GatewayUnavailable } from '../ports/payment-gateway';
import type { PaymentOrder } from '../ports/payment-orders';
import { domainError, KEY, payer, pending, report, setup } from './payment-orders.test-fakes';
import { refreshFromGateway } from './payment-confirmation';
import { checkTopupAmount, readTopup, startTopup } from './topup';

/** Top-ups: the minimum, the request to the gateway and the owner's reads. */

describe('top-up amount rules', () => {
  it('formats the minimum from the setting with the app\'s one money format', () => {
    expect(minimumTopupMessage(10_000)).toBe('Minimum top up amount is Rp 10,000');
    expect(minimumTopupMessage(25_000)).toBe('Minimum top up amount is Rp 25,000');
    expect(() => checkTopupAmount(9_999, defaultSettings())).toThrow('Minimum top up amount is Rp 10,000');
    expect(() => checkTopupAmount(10_000, defaultSettings())).not.toThrow();
    expect(() => checkTopupAmount(20_000, { minTopup: 25_000 })).toThrow('Minimum top up amount is Rp 25,000');
  });
});

describe('startTopup', () => {
  it('below the minimum: 400 with the message, nothing stored, nothing sent to the gateway', async () => {
    const { deps, orders, calls } = setup();
    const error = await domainError(startTopup({ payer, amount: 9_999, paymentMethod: 'ovo', idempotencyKey: KEY }, deps));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Minimum top up amount is Rp 10,000');
    expect(orders.items.size).toBe(0);
    expect(calls.charge).toBe(0);
  });

  it('creates a pending top-up with the gateway QR and credits nothing yet', async () => {
    const { deps, ledger } = setup();
    const status = await startTopup({ payer, amount: 50_000, paymentMethod: 'qris', idempotencyKey: KEY }, deps);
    expect(status).toMatchObject({ status: 'pending', amount: 50_000, qrString: '000201QR', paymentMethod: 'qris' });
    expect(ledger.entries_).toEqual([]);
  });

  it('replays the same key to the same top-up without charging again; another request with the key is 409', async () => {
    const { deps, calls } = setup();
    const first = await startTopup({ payer, amount: 50_000, paymentMethod: 'qris', idempotencyKey: KEY }, deps);
    const again = await startTopup({ payer, amount: 50_000, paymentMethod: 'qris', idempotencyKey: KEY }, deps);
    expect(again.id).toBe(first.id);
    expect(calls.charge).toBe(1);
    expect((await domainError(startTopup({ payer, amount: 60_000, paymentMethod: 'qris', idempotencyKey: KEY }, deps))).status).toBe(409);
  });

  it('card wallets need a token and credit at once when the gateway captures', async () => {
    const { deps, ledger, balance } = setup(async () => ({ ...pending, outcome: 'settled', gatewayStatus: 'capture', qrString: null }));
    expect((await domainError(startTopup({ payer, amount: 20_000, paymentMethod: 'google_pay', idempotencyKey: KEY }, deps))).status).toBe(400);
    const status = await startTopup({ payer, amount: 20_000, paymentMethod: 'google_pay', walletToken: 'tok', idempotencyKey: KEY }, deps);
    expect(status.status).toBe('settled');
    expect(balance()).toBe(20_000);
    expect(ledger.entries_[0]).toMatchObject({ type: 'topup', key: status.id, details: { paymentMethod: 'google_pay', actor: 'gateway' } });
  });

  it("a card goes to the gateway's hosted page in the payer's language, back to the app's home; the page's address only while pending", async () => {
    const hosted = 'https://app.sandbox.midtrans.com/snap/v4/redirection/tok-1';
    let [paid, now] = [false, Date.now()];
    const { deps, requests, ledger, orders } = setup(
      async () => ({ ...pending, qrString: null, redirectUrl: hosted }),
      async () => (paid ? report([...orders.items.values()][0]!, 'settled', 'settlement', { paymentType: 'credit_card' }) : null),
      () => new Date(now),
    );
    deps.siteLink = (path) => `https://refill.example${path}`;
    const status = await startTopup({ payer, amount: 25_000, paymentMethod: 'card', idempotencyKey: KEY, language: 'id' }, deps);
    expect(status).toMatchObject({ status: 'pending', paymentMethod: 'card', redirectUrl: hosted, qrString: null, deeplink: null });
    expect(requests[0]).toMatchObject({ method: 'card', language: 'id', returnUrl: `https://refill.example/app?topup=${status.id}` });
    expect(ledger.entries_).toEqual([]);
    // Paid on the page; its notification overdue, the app's poll asks the gateway's status API.
    [paid, now] = [true, now + 60_000];
    const settled = await readTopup(payer.sub, status.id, deps);
    expect(settled).toMatchObject({ status: 'settled', redirectUrl: null });
    expect(ledger.entries_).toMatchObject([{ type: 'topup', key: status.id, details: { paymentMethod: 'card' } }]);
  });

  it('a charge the gateway refuses fails the top-up with its message', async () => {
    const { deps } = setup(async () => { throw new GatewayRejected('Merchant is not active for this payment type', '402'); });
    const status = await startTopup({ payer, amount: 20_000, paymentMethod: 'gopay', idempotencyKey: KEY }, deps);
    expect(status).toMatchObject({ status: 'failed', message: 'Merchant is not active for this payment type' });
  });

  it('an unreachable gateway answers 503 and a retry asks the gateway before charging again', async () => {
    let fail = true;
    const { deps, calls, orders, balance } = setup(
      async () => { if (fail) throw new GatewayUnavailable('timeout'); return pending; },
      async () => ({ ...report([...orders.items.values()][0]!, 'settled', 'settlement') }),
    );
    expect((await domainError(startTopup({ payer, amount: 30_000, paymentMethod: 'gopay', idempotencyKey: KEY }, deps))).status).toBe(503);
    expect([...orders.items.values()][0]).toMatchObject({ status: 'pending', chargeState: 'unknown' });
    fail = false;
    const retried = await startTopup({ payer, amount: 30_000, paymentMethod: 'gopay', idempotencyKey: KEY }, deps);
    expect(calls).toEqual({ charge: 1, status: 1 });
    expect(retried.status).toBe('settled');
    expect(balance()).toBe(30_000);
  });
});

describe('readTopup', () => {
  it('only the owner can read a top-up; others get the same 404 as for a missing one', async () => {
    const { deps } = setup();
    const status = await startTopup({ payer, amount: 50_000, paymentMethod: 'qris', idempotencyKey: KEY }, deps);
    expect((await readTopup('user-1', status.id, deps)).id).toBe(status.id);
    expect((await domainError(readTopup('user-2', status.id, deps))).status).toBe(404);
    expect((await domainError(readTopup('user-1', 'TU-nope', deps))).status).toBe(404);
  });

  it('asks the gateway about an overdue pending top-up and applies its answer', async () => {
    let now = new Date('2025-11-21T12:00:00Z');
    let orderRef: PaymentOrder | undefined;
    const { deps, orders, balance } = setup(async () => pending, async () => report(orderRef!, 'settled', 'settlement'), () => now);
    const status = await startTopup({ payer, amount: 50_000, paymentMethod: 'qris', idempotencyKey: KEY }, deps);
    orderRef = (await orders.get(status.id))!;
    expect((await readTopup('user-1', status.id, deps)).status).toBe('pending');
    now = new Date('2025-11-21T12:00:05Z');
    expect((await readTopup('user-1', status.id, deps)).status).toBe('settled');
    expect(balance()).toBe(50_000);
    expect(await refreshFromGateway((await orders.get(status.id))!, deps)).toMatchObject({ status: 'settled' });
  });
});
