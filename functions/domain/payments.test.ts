import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/schemas';
import { GatewayRejected, GatewayUnavailable, type ChargeResult, type PaymentGateway, type PaymentNotification } from '../ports/payment-gateway';
import type { PaymentOrder } from '../ports/topups';
import { DomainError } from './errors';
import { MemoryOrders } from './payments.test-fakes';
import { MemoryLedger, MemoryUsers } from './vend.test-fakes';
import { applyGatewayReport, handleNotification, orderIdFor, refreshFromGateway, requireIdempotencyKey } from './payments';
import { minimumTopupMessage } from '../../shared/schemas';
import { checkTopupAmount, readTopup, startTopup, type TopupDeps } from './topup';
import { checkAppleValidationUrl } from './wallet';


/** The user's wallet: the shared in-memory ledger, with the payer's account already there. */
function wallet() {
  const users = new MemoryUsers();
  void users.ensure({ id: 'user-1', username: 'wayan', firstName: 'Wayan', lastName: null, email: 'w@example.com' }, '2025-11-21T12:00:00Z');
  const ledger = new MemoryLedger(users);
  return { users, ledger, balance: () => users.items.get('user-1')!.balance, owed: () => users.items.get('user-1')!.owed ?? 0 };
}

function scriptedGateway(answer: () => Promise<ChargeResult>, status: () => Promise<PaymentNotification | null> = async () => null) {
  const calls = { charge: 0, status: 0 };
  const gateway: PaymentGateway = {
    charge: async () => (calls.charge++, answer()),
    verifyNotification: async (b) => b as PaymentNotification,
    status: async () => (calls.status++, status()),
  };
  return { gateway, calls };
}
const pending: ChargeResult = { transactionId: 'tx-1', outcome: 'pending', gatewayStatus: 'pending', qrString: '000201QR', qrImageUrl: null, deeplink: null, expiresAt: null, message: null };

function setup(answer: () => Promise<ChargeResult> = async () => pending, status?: () => Promise<PaymentNotification | null>, now = () => new Date()) {
  const orders = new MemoryOrders();
  const { users, ledger, balance, owed } = wallet();
  const { gateway, calls } = scriptedGateway(answer, status);
  const deps: TopupDeps = {
    orders, gateway, ledger, clock: { now }, users,
    settings: { get: async () => DEFAULT_SETTINGS, save: async (s) => s },
    log: { info: () => undefined, warn: () => undefined },
  };
  return { deps, orders, ledger, calls, balance, owed };
}

const payer = { sub: 'user-1', username: 'wayan', email: 'w@example.com', givenName: 'Wayan', familyName: null };
const KEY = 'b0c1d2e3-f405-4617-8293-a4b5c6d7e8f9';
const report = (order: PaymentOrder, outcome: PaymentNotification['outcome'], gatewayStatus: string, extra: Partial<PaymentNotification> = {}): PaymentNotification => ({
  orderId: order.orderId, transactionId: 'tx-1', outcome, gatewayStatus, fraudStatus: 'accept', paymentType: 'qris', grossAmount: order.amount, refundAmount: null, refundKey: null, refunds: [], message: null, ...extra,
});
const domainError = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a DomainError'); }, (e: unknown) => e as DomainError);

describe('top-up amount rules', () => {
  it('formats the minimum from the setting with the app\'s one money format', () => {
    expect(minimumTopupMessage(10_000)).toBe('Minimum top up amount is Rp 10.000');
    expect(minimumTopupMessage(25_000)).toBe('Minimum top up amount is Rp 25.000');
    expect(() => checkTopupAmount(9_999, DEFAULT_SETTINGS)).toThrow('Minimum top up amount is Rp 10.000');
    expect(() => checkTopupAmount(10_000, DEFAULT_SETTINGS)).not.toThrow();
    expect(() => checkTopupAmount(20_000, { minTopup: 25_000 })).toThrow('Minimum top up amount is Rp 25.000');
  });

  it('requires a usable Idempotency-Key', () => {
    expect(() => requireIdempotencyKey(undefined)).toThrow(/Idempotency-Key header is required/);
    expect(() => requireIdempotencyKey('short')).toThrow(DomainError);
    expect(() => requireIdempotencyKey('has spaces in it')).toThrow(DomainError);
    expect(requireIdempotencyKey(KEY)).toBe(KEY);
  });

  it('derives a stable, gateway-safe order id per user and key', () => {
    const id = orderIdFor('topup', 'user-1', KEY);
    expect(id).toMatch(/^TU-[0-9a-f]{32}$/);
    expect(orderIdFor('topup', 'user-1', KEY)).toBe(id);
    expect(orderIdFor('topup', 'user-2', KEY)).not.toBe(id);
    expect(orderIdFor('purchase', 'user-1', KEY)).toMatch(/^PU-/);
  });
});

describe('startTopup', () => {
  it('below the minimum: 400 with the message, nothing stored, nothing sent to the gateway', async () => {
    const { deps, orders, calls } = setup();
    const error = await domainError(startTopup({ payer, amount: 9_999, paymentMethod: 'ovo', idempotencyKey: KEY }, deps));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Minimum top up amount is Rp 10.000');
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

describe('Apple Pay validation URL', () => {
  it.each(['https://apple-pay-gateway.apple.com/paymentservices/startSession', 'https://apple-pay-gateway-cert.apple.com/paymentservices/paymentSession', 'https://cn-apple-pay-gateway.apple.com/x'])('accepts %s', (url) => {
    expect(checkAppleValidationUrl(url).hostname).toMatch(/apple\.com$/);
  });
  it.each(['https://evil.example/apple.com', 'https://apple.com.evil.example/x', 'http://apple-pay-gateway.apple.com/x', 'https://apple-pay-gateway.apple.com:8443/x', 'https://user:pw@apple-pay-gateway.apple.com/x', 'https://notapple.com/x', 'not a url'])('refuses %s with 400', (url) => {
    let error: unknown;
    try {
      checkAppleValidationUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(400);
  });
});
