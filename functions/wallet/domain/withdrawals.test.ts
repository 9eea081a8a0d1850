import { beforeEach, describe, expect, it } from 'vitest';
import { moneyWorld, PERSON, person } from './money.test-fakes';
import { domainError } from './payment-orders.test-fakes';
import type { PayoutDestination } from '@shared/schemas/withdrawal';
import { transactionsOf } from './transactions';
import { listPayouts, resolvePayout, withdraw, withdrawalPlan } from './withdrawals';

/** Withdrawals (docs/payments.md, "Withdrawals") on the in-memory adapters, against a gateway that times out, answers 503 and refuses. */

let w: Awaited<ReturnType<typeof moneyWorld>>;
beforeEach(async () => {
  w = await moneyWorld();
});

/** Where the person asks the team to send what it pays out. */
const BCA = { kind: 'bank', bankCode: '014', accountNumber: '1234567890', accountHolder: 'Made Wirawan' } as const;
const withdrawing = (expectedBalance: number, idempotencyKey: string, payoutDestination: PayoutDestination | null = BCA) =>
  withdraw({ person, expectedBalance, idempotencyKey, payoutDestination: payoutDestination ?? undefined }, w.deps);
/** Water bought from the wallet: a vend's hold settled in full. */
async function spend(amount: number) {
  const details = { reference: `vend-${amount}`, actor: PERSON };
  await w.ledger.hold(PERSON, `vend-${amount}`, amount, details);
  await w.ledger.settle(`vend-${amount}`, amount, details);
}
/** Every refund the gateway made, over all orders. */
const refundedByGateway = () => [...w.gateway.refundsMade.values()].flat().reduce((s, r) => s + r.amount, 0);
const record = (id: string) => w.withdrawals.records.get(id)!;

describe('a withdrawal', () => {
  it('reserves the whole balance in the transaction that makes it: cut off by a 503, the wallet is empty and cannot be spent, and the same key finishes it', async () => {
    const topup = await w.paidTopup(30_000, 'gopay', 2);
    const key = crypto.randomUUID();
    w.gateway.refundAnswers.push('unavailable');
    expect((await domainError(withdrawing(30_000, key))).status).toBe(503);
    const [made] = [...w.withdrawals.records.values()];
    expect(made).toMatchObject({ status: 'processing', balance: 30_000, reservedAt: expect.any(String), refunds: [{ orderId: topup.orderId, amount: 30_000 }] });
    expect(made!.leaseUntil).toBeUndefined();
    expect(w.balance(PERSON)).toBe(0);
    expect(w.balance(made!.id)).toBe(30_000);
    expect(await w.withdrawals.lockOf(PERSON)).toMatchObject({ withdrawalId: made!.id });
    // The reserved money is out of reach: no vend can hold any of it.
    expect((await domainError(w.ledger.hold(PERSON, 'vend-after-cut-off', 1_000, { reference: 'x', actor: PERSON }))).status).toBe(409);

    const finished = await withdrawing(30_000, key);
    expect(finished).toMatchObject({ id: made!.id, status: 'completed', refundIdr: 30_000, payoutIdr: 0, payoutStatus: 'none' });
    expect(w.gateway.refundCalls.map((r) => [r.order.orderId, r.amount, r.key])).toEqual([[topup.orderId, 30_000, made!.id], [topup.orderId, 30_000, made!.id]]);
    expect(w.gateway.refundsMade.get(topup.orderId)).toEqual([{ key: made!.id, amount: 30_000 }]);
    expect(await w.orders.get(topup.orderId)).toMatchObject({ refunded: 30_000, refundKeys: [made!.id] });
    expect([w.balance(PERSON), w.balance(made!.id), w.owed(made!.id)]).toEqual([0, 0, 0]);
    expect(await w.withdrawals.lockOf(PERSON)).toBeNull();
    // The refund e-mail went once.
    expect(w.mailer.sent.map((m) => m.subject)).toEqual(['Bali Refill: Rp 30.000 refunded to your GoPay']);
    expect(await withdrawing(30_000, key)).toMatchObject({ status: 'completed', refundIdr: 30_000 });
    expect(w.gateway.refundCalls).toHaveLength(2);
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('refunds each top-up still inside its window, newest first, and leaves the rest as a payout request with why', async () => {
    const old = await w.paidTopup(20_000, 'qris', 10);
    const gopay = await w.paidTopup(15_000, 'gopay', 3);
    const recent = await w.paidTopup(10_000, 'qris', 1);
    await spend(5_000);
    expect(w.balance(PERSON)).toBe(40_000);
    const plan = await withdrawalPlan(PERSON, w.deps);
    expect(plan).toMatchObject({ balanceIdr: 40_000, refundIdr: 25_000, payoutIdr: 15_000 });
    expect(plan.refunds.map((r) => [r.orderId, r.amountIdr])).toEqual([[recent.orderId, 10_000], [gopay.orderId, 15_000]]);
    expect(plan.payout).toEqual([expect.objectContaining({ amountIdr: 15_000, reason: 'window_passed', orderId: old.orderId })]);

    const done = await withdrawing(40_000, crypto.randomUUID());
    expect(done).toMatchObject({ status: 'completed', refundIdr: 25_000, payoutIdr: 15_000, payoutStatus: 'open', payoutTo: 'BCA •••7890' });
    expect(w.gateway.refundsMade.get(recent.orderId)).toEqual([{ key: done.id, amount: 10_000 }]);
    expect(w.gateway.refundsMade.get(gopay.orderId)).toEqual([{ key: done.id, amount: 15_000 }]);
    expect(w.gateway.refundsMade.has(old.orderId)).toBe(false);
    // The payout's money waits in the withdrawal's account until an admin pays it.
    expect([w.balance(PERSON), w.balance(done.id)]).toEqual([0, 15_000]);
    // The admin sees where to send it in full; the person sees it masked.
    expect((await listPayouts('open', w.deps)).map((p) => [p.id, p.amountIdr, p.destination])).toEqual([[done.id, 15_000, BCA]]);
    expect(await resolvePayout(done.id, { outcome: 'paid', transferReference: 'BCA-0412-7781', note: '' }, 'admin:ketut', w.deps))
      .toMatchObject({ status: 'paid', amountIdr: 15_000, resolvedBy: 'admin:ketut', transferReference: 'BCA-0412-7781', note: null });
    expect([w.balance(PERSON), w.balance(done.id)]).toEqual([0, 0]);
    // The transfer's reference is the memo of the book's line that takes the money out.
    const paidOut = (await w.ledger.entries(done.id, { limit: 10 })).items.find((e) => e.idempotencyKey === `payout-paid:${done.id}`);
    expect(paidOut).toMatchObject({ amount: -15_000, counter: 'manual-payouts', note: 'Paid out by hand to BCA •••7890, transfer BCA-0412-7781' });
    expect(w.mailer.sent.at(-1)?.text).toContain('We sent you Rp 15.000 to BCA •••7890');
    expect(w.mailer.sent.at(-1)?.text).toContain('Transfer reference: BCA-0412-7781.');
    expect((await domainError(resolvePayout(done.id, { outcome: 'returned', note: 'again' }, 'admin:ketut', w.deps))).status).toBe(409);
    expect(w.balance(PERSON)).toBe(0);
  });

  it('moves a refund the gateway refuses to the payout queue with its words; returned, it is back in the wallet once', async () => {
    const gopay = await w.paidTopup(20_000, 'gopay', 2);
    const qris = await w.paidTopup(5_000, 'qris', 1);
    w.gateway.refundAnswers.push('made', 'refused');
    // Nothing was to be paid out when the person asked: no destination was needed, and the admin sees none.
    const done = await withdrawing(25_000, crypto.randomUUID(), null);
    expect(done).toMatchObject({ status: 'completed', refundIdr: 5_000, payoutIdr: 20_000, payoutStatus: 'open' });
    expect(done.refunds.map((r) => r.orderId)).toEqual([qris.orderId]);
    expect(done.payout).toEqual([expect.objectContaining({ amountIdr: 20_000, reason: 'gateway_refused', orderId: gopay.orderId, detail: 'Refund is not possible after the refund window' })]);
    expect(w.gateway.refunded(gopay.orderId)).toBe(0);
    expect((await w.orders.get(gopay.orderId))?.refunded ?? 0).toBe(0);
    expect(w.balance(done.id)).toBe(20_000);
    expect(done.payoutTo).toBeNull();
    expect((await listPayouts('open', w.deps)).find((p) => p.id === done.id)?.destination).toBeNull();

    await Promise.allSettled([
      resolvePayout(done.id, { outcome: 'returned', note: 'back to the wallet' }, 'admin:ketut', w.deps),
      resolvePayout(done.id, { outcome: 'returned', note: 'back to the wallet' }, 'admin:wayan', w.deps),
    ]);
    expect([w.balance(PERSON), w.balance(done.id)]).toEqual([20_000, 0]);
    expect(record(done.id)).toMatchObject({ payoutStatus: 'returned' });
    expect(w.mailer.sent.map((m) => m.subject)).toEqual([
      'Bali Refill: Rp 5.000 refunded to your QRIS', 'Bali Refill: Rp 20.000 will be paid out to you', 'Bali Refill: your payout of Rp 20.000',
    ]);
  });

  it('takes over a stale one: what the gateway refunded before the time-out is taken from its account, the rest goes back to the wallet, and the next withdrawal reserves that', async () => {
    const gopay = await w.paidTopup(20_000, 'gopay', 2);
    const qris = await w.paidTopup(10_000, 'qris', 1);
    const firstKey = crypto.randomUUID();
    // The gateway makes the first refund (the newest top-up's) but its answer never comes back.
    w.gateway.refundAnswers.push('timeout');
    expect((await domainError(withdrawing(30_000, firstKey))).status).toBe(503);
    const [stale] = [...w.withdrawals.records.values()];
    expect(w.gateway.refundsMade.get(qris.orderId)).toEqual([{ key: stale!.id, amount: 10_000 }]);
    expect(w.balance(stale!.id)).toBe(30_000);

    // A new top-up arrives; another withdrawal within 15 minutes waits for the first.
    const later = await w.paidTopup(5_000, 'qris', 0);
    expect((await domainError(withdrawing(5_000, crypto.randomUUID()))).message).toBe('Another withdrawal is in progress; please wait a moment and reload');
    w.clock.advance(16 * 60_000);
    // Past 15 minutes it is voided: the gateway's refund comes out of its account, the rest is back in the wallet, and
    // the balance the person confirmed (Rp 5,000) is no longer the wallet's: reload.
    expect((await domainError(withdrawing(5_000, crypto.randomUUID()))).message).toBe('The balance changed, reload');
    expect(record(stale!.id).status).toBe('voided');
    expect(await w.orders.get(qris.orderId)).toMatchObject({ refunded: 10_000, refundKeys: [stale!.id] });
    expect([w.balance(stale!.id), w.balance(PERSON)]).toEqual([0, 25_000]);
    expect(await w.withdrawals.lockOf(PERSON)).toBeNull();
    expect((await domainError(withdrawing(30_000, firstKey))).status).toBe(409);

    const next = await withdrawing(25_000, crypto.randomUUID());
    expect(next).toMatchObject({ status: 'completed', refundIdr: 25_000, payoutIdr: 0 });
    expect(next.refunds.map((r) => [r.orderId, r.amountIdr])).toEqual([[later.orderId, 5_000], [gopay.orderId, 20_000]]);
    // Every top-up refunded exactly once, in all Rp 35,000: what was paid in, never more.
    expect(refundedByGateway()).toBe(35_000);
    expect([w.balance(PERSON), w.balance(next.id), w.owed(PERSON), w.owed(stale!.id), w.owed(next.id)]).toEqual([0, 0, 0, 0, 0]);
  });

  it('resumed, even twice at once, refunds nothing more than it reserved', async () => {
    const gopay = await w.paidTopup(20_000, 'gopay', 3);
    const qris = await w.paidTopup(10_000, 'qris', 1);
    await spend(4_000);
    const key = crypto.randomUUID();
    w.gateway.refundAnswers.push('made', 'unavailable');
    expect((await domainError(withdrawing(26_000, key))).status).toBe(503);
    const [cut] = [...w.withdrawals.records.values()];
    expect(w.balance(cut!.id)).toBe(16_000);

    const resumed = await Promise.allSettled([withdrawing(26_000, key), withdrawing(26_000, key)]);
    expect(resumed.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const busy = resumed.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(busy.reason).toMatchObject({ status: 409, message: 'Another withdrawal is in progress; please wait a moment and reload' });
    expect(await withdrawing(26_000, key)).toMatchObject({ status: 'completed', refundIdr: 26_000 });
    expect(w.gateway.refundsMade.get(qris.orderId)).toEqual([{ key: cut!.id, amount: 10_000 }]);
    expect(w.gateway.refundsMade.get(gopay.orderId)).toEqual([{ key: cut!.id, amount: 16_000 }]);
    expect(refundedByGateway()).toBe(26_000);
    expect(await w.orders.get(qris.orderId)).toMatchObject({ refunded: 10_000 });
    expect(await w.orders.get(gopay.orderId)).toMatchObject({ refunded: 16_000 });
    expect([w.balance(PERSON), w.balance(cut!.id), w.owed(cut!.id), w.owed(PERSON)]).toEqual([0, 0, 0, 0]);
    // The same key with another balance is another request.
    expect((await domainError(withdrawing(25_000, key))).message).toBe('This Idempotency-Key was already used for a different withdrawal');
  });
});

describe('where the payout goes, and why each part goes where', () => {
  it('asks where to send the payout before anything moves: without a destination, a 400 on the field and nothing reserved', async () => {
    await w.paidTopup(20_000, 'qris', 10);
    const refused = await domainError(withdrawing(20_000, crypto.randomUUID(), null));
    expect(refused).toMatchObject({ status: 400, fields: { payoutDestination: 'Where should we send it? Choose a bank account or an e-wallet' } });
    expect(refused.messageIn('id')).toBe('Beri tahu kami ke mana bagian yang dibayarkan tim kami dikirim');
    expect([w.balance(PERSON), w.withdrawals.records.size]).toEqual([20_000, 0]);
    const gopay = { kind: 'ewallet', provider: 'gopay', phone: '081234567891' } as const;
    const done = await withdrawing(20_000, crypto.randomUUID(), gopay);
    expect(done).toMatchObject({ payoutIdr: 20_000, payoutTo: 'GoPay •••7891' });
    expect(record(done.id).payoutDestination).toEqual(gopay);
    expect(w.mailer.sent.at(-1)?.text).toContain('Our team will pay it out to GoPay •••7891');
  });

  it('a credit that was spent long ago does not take the place of this morning\'s top-up: the balance is the newest money', async () => {
    // A claim's credit, then water bought with it, then a GoPay top-up the same morning as the withdrawal.
    await w.ledger.post(PERSON, 'refund', 5_000, 'claim-credit:old', { reference: 'S-old', actor: 'admin:ketut', counter: 'claims' });
    await spend(5_000);
    w.clock.advance(60_000);
    const gopay = await w.paidTopup(50_000, 'gopay', 0);
    const plan = await withdrawalPlan(PERSON, w.deps);
    expect(plan).toMatchObject({ balanceIdr: 50_000, refundIdr: 50_000, payoutIdr: 0, payout: [] });
    expect(plan.refunds.map((r) => [r.orderId, r.amountIdr])).toEqual([[gopay.orderId, 50_000]]);
  });

  it('credit still in the wallet is paid out as such, spent top-ups are not named, and a top-up past its window says so', async () => {
    const old = await w.paidTopup(30_000, 'qris', 20);
    await spend(25_000);
    const recent = await w.paidTopup(10_000, 'gopay', 1);
    await w.ledger.post(PERSON, 'refund', 3_000, 'claim-credit:new', { reference: 'S-new', actor: 'admin:ketut', counter: 'claims' });
    const plan = await withdrawalPlan(PERSON, w.deps);
    expect(plan).toMatchObject({ balanceIdr: 18_000, refundIdr: 10_000, payoutIdr: 8_000 });
    expect(plan.refunds.map((r) => [r.orderId, r.amountIdr])).toEqual([[recent.orderId, 10_000]]);
    expect(plan.payout.map((p) => [p.reason, p.orderId, p.amountIdr])).toEqual([['window_passed', old.orderId, 5_000], ['not_from_topup', null, 3_000]]);
  });

  it('History names each withdrawal entry by what became of the money: the refunds per method, the payout and where it went, its return', async () => {
    await w.paidTopup(20_000, 'qris', 12);
    await w.paidTopup(15_000, 'gopay', 1);
    const done = await withdrawing(35_000, crypto.randomUUID());
    await resolvePayout(done.id, { outcome: 'returned', note: 'The account number bounced' }, 'admin:ketut', w.deps);
    const history = (await transactionsOf(PERSON, { limit: 10 }, w.ledger, undefined, w.withdrawals)).items.filter((t) => t.withdrawalId);
    expect(history.map((t) => [t.debit, t.amount, t.withdrawal])).toEqual([
      [false, 20_000, { step: 'payout_returned', refunds: [{ paymentMethod: 'gopay', amountIdr: 15_000 }], payoutIdr: 20_000, payoutTo: 'BCA •••7890', payoutStatus: 'returned', processing: false }],
      [true, 35_000, { step: 'withdrawn', refunds: [{ paymentMethod: 'gopay', amountIdr: 15_000 }], payoutIdr: 20_000, payoutTo: 'BCA •••7890', payoutStatus: 'returned', processing: false }],
    ]);
  });
});
