import { describe, expect, it } from 'vitest';
import { GatewayRejected, GatewayUnavailable, SignatureRejected, type ChargeRequest } from '../../ports/payment-gateway';
import { verifyNotificationBody } from '../midtrans/protocol';
import { SandboxControl } from './control';
import { crc16, qrisPayload } from './qris';
import { sandboxRule, SandboxGateway } from './gateway';

const KEY = 'SB-Mid-server-test-sandbox';
const request = (amount: number, method: ChargeRequest['method'], extra: Partial<ChargeRequest> = {}): ChargeRequest => ({
  orderId: `TU-${amount}-${method}`, amount, method, customer: { id: 'u', email: null, firstName: null, lastName: null }, itemName: 'Wallet top-up', ...extra,
});

function recording(options: Partial<ConstructorParameters<typeof SandboxGateway>[0]> = {}) {
  const posted: Record<string, unknown>[] = [];
  const gateway = new SandboxGateway({
    serverKey: KEY, notificationUrl: 'http://127.0.0.1:1/api/payments/notification', settleAfterMs: 30, pendingAfterMs: 5, expiryMs: 60,
    post: async (_url, body) => void posted.push(body), ...options,
  });
  return { gateway, posted };
}
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('sandbox rules (documented in README, Payments)', () => {
  it.each([[10_013, 'decline'], [25_013, 'decline'], [10_017, 'unpaid'], [50_000, 'pay'], [10_000, 'pay'], [10_113, 'decline'], [10_031, 'pay'], [10_021, 'refund'], [30_023, 'partial-refund'], [1_027, 'refuse-refunds']] as const)('%i -> %s', (amount, rule) => {
    expect(sandboxRule(amount)).toBe(rule);
  });
});

describe('SandboxGateway', () => {
  it('answers a QRIS charge pending with a QR string, then posts pending and settlement signed like Midtrans', async () => {
    const { gateway, posted } = recording();
    const result = await gateway.charge(request(50_000, 'qris'));
    expect(result).toMatchObject({ outcome: 'pending', gatewayStatus: 'pending', deeplink: null, qrImageUrl: null });
    expect(result.qrString).toMatch(/^000201010212/);
    await settle();
    expect(posted.map((b) => b.transaction_status)).toEqual(['pending', 'settlement']);
    for (const body of posted) expect(() => verifyNotificationBody(body, KEY)).not.toThrow();
    expect(() => verifyNotificationBody(posted[1], 'another key')).toThrow(SignatureRejected);
    expect(verifyNotificationBody(posted[1], KEY)).toMatchObject({ outcome: 'settled', grossAmount: 50_000, orderId: 'TU-50000-qris' });
  });

  it('gives GoPay a deeplink to the app and OVO a QR code to scan in its app', async () => {
    const { gateway } = recording();
    expect((await gateway.charge(request(25_000, 'gopay'))).deeplink).toMatch(/^gojek:\/\/gopay\/merchanttransfer\?/);
    // The app's return is the order's web page on the site, not an app scheme a browser guest cannot open.
    const returnUrl = 'https://refill.example/s/UBD-01?order=GO-1';
    const back = new URL((await gateway.charge({ ...request(25_000, 'gopay'), returnUrl })).deeplink!.replace('gojek://', 'https://gojek/'));
    expect(back.searchParams.get('callback_url')).toBe(returnUrl);
    const ovo = await gateway.charge(request(25_000, 'ovo'));
    expect(ovo.qrString).toMatch(/^000201/);
    expect(ovo.deeplink).toBeNull();
  });

  it('refunds amounts ending in 21 in full and 23 by a third after settling; its status API lists every refund', async () => {
    const { gateway, posted } = recording({ refundAfterMs: 30 });
    const full = request(10_021, 'qris');
    const partial = request(30_023, 'google_pay', { walletToken: 'tok' });
    const at = new Date().toISOString();
    await gateway.charge(full);
    await gateway.charge(partial);
    await settle(200);
    const of = (orderId: string) => posted.filter((b) => b.order_id === orderId).map((b) => b.transaction_status);
    expect(of(full.orderId)).toEqual(['pending', 'settlement', 'refund']);
    expect(of(partial.orderId)).toEqual(['capture', 'partial_refund']);
    const refund = verifyNotificationBody(posted.find((b) => b.transaction_status === 'partial_refund'), KEY);
    expect(refund).toMatchObject({ outcome: 'refunded', refundKey: `${partial.orderId}-refund-1`, refundAmount: 10_007, refunds: [{ key: `${partial.orderId}-refund-1`, amount: 10_007 }] });
    expect(await gateway.status({ orderId: full.orderId, amount: full.amount, method: full.method, createdAt: at })).toMatchObject({
      outcome: 'refunded', gatewayStatus: 'refund', refunds: [{ key: `${full.orderId}-refund-1`, amount: 10_021 }],
    });
    // Before the refund is due, the status says settled.
    const young = await gateway.status({ orderId: 'TU-young', amount: full.amount, method: full.method, createdAt: new Date(Date.now() - 40).toISOString() });
    expect(young).toMatchObject({ outcome: 'settled', refunds: [] });
  });

  it('declines e-wallet amounts ending in 13 with a deny notification', async () => {
    const { gateway, posted } = recording();
    expect((await gateway.charge(request(10_013, 'gopay'))).outcome).toBe('pending');
    await settle();
    expect(posted.map((b) => b.transaction_status)).toEqual(['pending', 'deny']);
    expect(verifyNotificationBody(posted[1], KEY).outcome).toBe('failed');
  });

  it('leaves amounts ending in 17 unpaid until they expire', async () => {
    const { gateway, posted } = recording();
    await gateway.charge(request(10_017, 'qris'));
    await settle(30);
    expect(posted.map((b) => b.transaction_status)).toEqual(['pending']);
    await settle(100);
    expect(posted.map((b) => b.transaction_status)).toEqual(['pending', 'expire']);
    expect(verifyNotificationBody(posted[1], KEY).outcome).toBe('expired');
  });

  it('captures card wallets at once and declines them at once for amounts ending in 13', async () => {
    const { gateway } = recording();
    expect(await gateway.charge(request(5_000, 'google_pay', { walletToken: 'tok' }))).toMatchObject({ outcome: 'settled', gatewayStatus: 'capture' });
    expect(await gateway.charge(request(5_013, 'apple_pay', { walletToken: 'tok' }))).toMatchObject({ outcome: 'failed', gatewayStatus: 'deny', message: expect.stringMatching(/declined/) });
    await expect(gateway.charge(request(5_000, 'google_pay'))).rejects.toBeInstanceOf(GatewayRejected);
  });

  it('answers the status API from the order age, with the same outcomes', async () => {
    let now = new Date('2025-11-21T12:00:00.000Z');
    const gateway = new SandboxGateway({ serverKey: KEY, settleAfterMs: 400, expiryMs: 60_000, now: () => now });
    const order = (amount: number) => ({ orderId: `TU-${amount}`, amount, method: 'qris' as const, createdAt: '2025-11-21T12:00:00.000Z' });
    expect((await gateway.status(order(50_000)))!.outcome).toBe('pending');
    now = new Date('2025-11-21T12:00:01.000Z');
    expect((await gateway.status(order(50_000)))!.outcome).toBe('settled');
    expect((await gateway.status(order(10_013)))!.outcome).toBe('failed');
    expect((await gateway.status(order(10_017)))!.outcome).toBe('pending');
    now = new Date('2025-11-21T12:01:01.000Z');
    expect((await gateway.status(order(10_017)))!.outcome).toBe('expired');
  });

  it('posts nothing without a notification URL (Lambda in sandbox mode relies on the status API)', async () => {
    const posted: unknown[] = [];
    const gateway = new SandboxGateway({ serverKey: KEY, settleAfterMs: 5, pendingAfterMs: 1, post: async (_u, b) => void posted.push(b) });
    await gateway.charge(request(50_000, 'qris'));
    await settle(50);
    expect(posted).toEqual([]);
  });

  it('retries a notification the webhook did not accept', async () => {
    let attempts = 0;
    const { gateway } = recording({ post: async () => { attempts++; if (attempts < 2) throw new Error('503'); } });
    await gateway.charge(request(50_000, 'google_pay', { walletToken: 't' }));
    await settle(400);
    expect(attempts).toBe(2);
  });
});

describe('QRIS payload', () => {
  it('has the EMVCo shape, the amount and a valid CRC-16/CCITT', () => {
    const payload = qrisPayload({ amount: 50_000, reference: 'TU-abc' });
    expect(payload).toContain('540550000');
    expect(payload).toContain('5802ID');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    // The published check value of CRC-16/CCITT-FALSE.
    expect(crc16('123456789')).toBe('29B1');
  });

  it('refunds a settled order once per key, never beyond what was paid, and announces it like Midtrans', async () => {
    // Settled after half a second: the refund asked before it must meet the order unpaid, even on a loaded machine.
    const { gateway, posted } = recording({ settleAfterMs: 500 });
    const charged = request(1500, 'qris', { orderId: 'GO-refund-test' });
    await gateway.charge(charged);
    const order = { orderId: charged.orderId, amount: 1500, method: 'qris' as const, createdAt: new Date().toISOString() };
    await expect(gateway.refund({ order, amount: 266, key: 'k1', reason: 'test' })).rejects.toBeInstanceOf(GatewayRejected);
    await settle(650);
    const made = await gateway.refund({ order, amount: 266, key: 'k1', reason: 'test' });
    expect(made).toEqual({ key: 'k1', amount: 266 });
    expect(await gateway.refund({ order, amount: 266, key: 'k1', reason: 'again' })).toEqual(made);
    await expect(gateway.refund({ order, amount: 1300, key: 'k2', reason: 'too much' })).rejects.toBeInstanceOf(GatewayRejected);
    const status = await gateway.status(order);
    expect(status).toMatchObject({ outcome: 'refunded', gatewayStatus: 'partial_refund', refunds: [{ key: 'k1', amount: 266 }] });
    await settle();
    const announced = posted.filter((b) => b.transaction_status === 'partial_refund');
    expect(announced).toHaveLength(1);
    expect(verifyNotificationBody(announced[0], KEY)).toMatchObject({ outcome: 'refunded', refundKey: 'k1', refundAmount: 266 });
  });

  it("refunds by its amount rule only what refunds asked for before left of the payment", async () => {
    const { gateway, posted } = recording({ refundAfterMs: 500 });
    const full = request(10_021, 'qris', { orderId: 'TU-asked-first' });
    const partial = request(30_023, 'qris', { orderId: 'TU-asked-most' });
    const at = new Date().toISOString();
    await gateway.charge(full);
    await gateway.charge(partial);
    await settle(45);
    const ref = (r: ChargeRequest) => ({ orderId: r.orderId, amount: r.amount, method: r.method, createdAt: at });
    // Refunded through the API between settling and the rule's refund: the whole of one, all but Rp 3,000 of the other.
    await gateway.refund({ order: ref(full), amount: 10_021, key: 'wd-full', reason: 'withdrawal' });
    await gateway.refund({ order: ref(partial), amount: 27_023, key: 'wd-most', reason: 'withdrawal' });
    await settle(800);
    expect(await gateway.status(ref(full))).toMatchObject({ gatewayStatus: 'refund', refunds: [{ key: 'wd-full', amount: 10_021 }] });
    expect(await gateway.status(ref(partial))).toMatchObject({
      gatewayStatus: 'refund', refunds: [{ key: `${partial.orderId}-refund-1`, amount: 3_000 }, { key: 'wd-most', amount: 27_023 }],
    });
    const lastOf = (orderId: string) => posted.filter((b) => b.order_id === orderId).at(-1)!;
    expect(verifyNotificationBody(lastOf(full.orderId), KEY).refunds).toEqual([{ key: 'wd-full', amount: 10_021 }]);
    expect(verifyNotificationBody(lastOf(partial.orderId), KEY).refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(30_023);
  });
});

describe('the sandbox on a bad day (its control)', () => {
  /** A settled QRIS order of Rp 1,500 at a sandbox whose control makes refunds meet `faults`. */
  async function settledOrder(orderId: string, faults: ConstructorParameters<typeof SandboxControl>[0] = Math.random) {
    const control = new SandboxControl(faults);
    const { gateway, posted } = recording({ control });
    const charged = request(1500, 'qris', { orderId });
    await gateway.charge(charged);
    await settle();
    return { gateway, posted, control, order: { orderId, amount: 1500, method: 'qris' as const, createdAt: new Date(Date.now() - 1000).toISOString() } };
  }
  const refundsListed = async (gateway: SandboxGateway, order: Parameters<SandboxGateway['status']>[0]) => (await gateway.status(order))!.refunds;

  it('answers 503 before refunding anything; asked again, it refunds once', async () => {
    const { gateway, control, order } = await settledOrder('GO-fault-503', () => 0);
    control.setRefundFaults({ unavailable: 1 });
    await expect(gateway.refund({ order, amount: 300, key: 'k', reason: 'test' })).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(await refundsListed(gateway, order)).toEqual([]);
    control.setRefundFaults({ unavailable: 0 });
    expect(await gateway.refund({ order, amount: 300, key: 'k', reason: 'test' })).toEqual({ key: 'k', amount: 300 });
    expect(control.injected).toEqual({ unavailable: 1, timeout: 0, slow: 0 });
    expect(control.allRefunds()).toEqual([{ orderId: order.orderId, key: 'k', amount: 300, at: expect.any(String) }]);
  });

  it('loses the answer of a refund it made: the caller times out, the status lists the refund, the same key answers it', async () => {
    const { gateway, control, order } = await settledOrder('GO-fault-timeout', () => 0);
    control.setRefundFaults({ timeout: 1, timeoutMs: 20 });
    await expect(gateway.refund({ order, amount: 300, key: 'k', reason: 'test' })).rejects.toThrow(/did not answer within 20 ms/);
    expect(await refundsListed(gateway, order)).toEqual([{ key: 'k', amount: 300 }]);
    control.setRefundFaults({ timeout: 0 });
    expect(await gateway.refund({ order, amount: 300, key: 'k', reason: 'again' })).toEqual({ key: 'k', amount: 300 });
    expect(await refundsListed(gateway, order)).toEqual([{ key: 'k', amount: 300 }]);
  });

  it('answers slowly: the refund is made at once and announced before the answer comes', async () => {
    const { gateway, posted, control, order } = await settledOrder('GO-fault-slow', () => 0);
    control.setRefundFaults({ slow: 1, slowMs: 120 });
    const started = Date.now();
    const answer = gateway.refund({ order, amount: 300, key: 'k', reason: 'test' });
    await settle(60);
    expect(posted.filter((b) => b.transaction_status === 'partial_refund')).toHaveLength(1);
    expect(await answer).toEqual({ key: 'k', amount: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });

  it("meets an order's queued faults first, in order, and only for that order", async () => {
    const { gateway, control, order } = await settledOrder('GO-queued', () => 0.99);
    control.failNextRefunds(order.orderId, ['unavailable', 'timeout']);
    control.setRefundFaults({ timeoutMs: 5 });
    const other = { ...order, orderId: 'GO-other' };
    await expect(gateway.refund({ order, amount: 100, key: 'a', reason: 'test' })).rejects.toThrow(/503/);
    await expect(gateway.refund({ order, amount: 100, key: 'a', reason: 'test' })).rejects.toThrow(/did not answer/);
    expect(await gateway.refund({ order, amount: 100, key: 'a', reason: 'test' })).toEqual({ key: 'a', amount: 100 });
    expect(control.drawRefundFault(other.orderId)).toBeNull();
    expect(control.injected).toEqual({ unavailable: 1, timeout: 1, slow: 0 });
  });

  it('makes one refund when asked twice at once with one key', async () => {
    const { gateway, order } = await settledOrder('GO-same-key');
    const [a, b] = await Promise.all([gateway.refund({ order, amount: 300, key: 'k', reason: 'one' }), gateway.refund({ order, amount: 300, key: 'k', reason: 'two' })]);
    expect([a, b]).toEqual([{ key: 'k', amount: 300 }, { key: 'k', amount: 300 }]);
    expect(await refundsListed(gateway, order)).toEqual([{ key: 'k', amount: 300 }]);
  });

  it('holds a payer back: the charge stays pending (notifications and status) until the payer pays', async () => {
    const control = new SandboxControl();
    const { gateway, posted } = recording({ control, expiryMs: 15 * 60_000 });
    control.payLater('GO-later');
    const charged = request(1500, 'qris', { orderId: 'GO-later' });
    await gateway.charge(charged);
    const order = { orderId: 'GO-later', amount: 1500, method: 'qris' as const, createdAt: new Date(Date.now() - 60_000).toISOString() };
    await settle();
    expect(posted.map((b) => b.transaction_status)).toEqual(['pending']);
    expect((await gateway.status(order))!.gatewayStatus).toBe('pending');
    control.pay('GO-later');
    // Settled as long after the payment as after any charge, however old the order.
    expect((await gateway.status(order))!.gatewayStatus).toBe('pending');
    await settle();
    expect(posted.map((b) => b.transaction_status)).toEqual(['pending', 'settlement']);
    expect((await gateway.status(order))!.gatewayStatus).toBe('settlement');
  });

  it('sends a card to its hosted page, in the payer\'s language, where the payer pays; pending until then, settled after; refused without a page', async () => {
    const control = new SandboxControl();
    const { gateway, posted } = recording({ control, expiryMs: 15 * 60_000 });
    const card = request(1500, 'card', { orderId: 'GO-card', returnUrl: 'https://refill.example/s/HRL-00001?returned=1', language: 'id' });
    await expect(gateway.charge(card)).rejects.toBeInstanceOf(GatewayRejected);
    control.paymentPageUrl = 'http://127.0.0.1:9';
    const charged = await gateway.charge(card);
    expect(charged).toMatchObject({ outcome: 'pending', redirectUrl: 'http://127.0.0.1:9/pay/GO-card', qrString: null, deeplink: null });
    expect(control.hostedPaymentOf('GO-card')).toEqual({ amount: 1500, returnUrl: 'https://refill.example/s/HRL-00001?returned=1', language: 'id' });
    const order = { orderId: 'GO-card', amount: 1500, method: 'card' as const, createdAt: new Date(Date.now() - 60_000).toISOString() };
    await settle();
    expect(posted.map((b) => b.transaction_status)).toEqual(['pending']);
    expect((await gateway.status(order))!.gatewayStatus).toBe('pending');
    control.pay('GO-card');
    await settle();
    expect(posted.map((b) => b.transaction_status)).toEqual(['pending', 'settlement']);
    expect(verifyNotificationBody(posted[1], KEY)).toMatchObject({ outcome: 'settled', paymentType: 'credit_card', grossAmount: 1500 });
  });
});
