import { beforeEach, describe, expect, it } from 'vitest';
import { guestRefundKeys, refundInFlightAccount, type GuestOrder } from '../../wallet/ports/payment-orders';
import { resolveClaim } from '../../vending/domain/claims';
import { transactionsOf } from '../../wallet/domain/transactions';
import { afterClaimResolved, createGuestClaim } from './guest-claims';
import { claimGuestOrder, listHeldGuestRefunds, payOutGuestRefund } from './guest-receipts';
import { moneyWorld, PERSON, person } from '../../wallet/domain/money.test-fakes';
import { domainError } from '../../wallet/domain/payment-orders.test-fakes';

/** Guest receipts after the refill (docs/payments.md, "Guest orders"): kept in an account, or paid out by an admin; the guest account's money handed over once. */

let w: Awaited<ReturnType<typeof moneyWorld>>;
beforeEach(async () => {
  w = await moneyWorld();
});

/** 1.5 L paid, 1 L dispensed, and the gateway refuses the refund of the rest: Rp 500 held in the guest account. */
async function heldRefill() {
  const refill = await w.guestPays(1_500);
  w.gateway.refundAnswers.push('refused');
  expect(await w.dispenses(refill, 1_000)).toBe('settled');
  expect(w.balance(refill.account)).toBe(500);
  return refill;
}
const order = async (id: string) => (await w.orders.get(id)) as GuestOrder;
const keep = (refill: { id: string; secret: string }, who = person) => claimGuestOrder(who, refill.id, refill.secret, w.deps);
const another = { sub: 'person-2', username: 'nyoman', email: 'nyoman@example.com', givenName: 'Nyoman', familyName: null };

/** A claim on the refill credited by an admin (Rp 300): the credit lands in the guest account; its way out is afterClaimResolved. */
async function creditedClaim(refill: { id: string; secret: string; sessionId: string; account: string }) {
  await createGuestClaim(refill.id, { secret: refill.secret, kind: 'dispensed_less' }, w.deps);
  await resolveClaim(refill.sessionId, { decision: 'credit', amount: 300, reason: 'The flow meter under-read' }, 'admin:ketut', w.deps);
  return (await w.deps.claims.get(refill.account, refill.sessionId))!;
}

describe('keeping a guest receipt in an account', () => {
  it('hands the held money to the account once and marks its litres for the impact once; another account is refused', async () => {
    const refill = await heldRefill();
    expect(await keep(refill)).toEqual({ orderId: refill.id, creditedIdr: 500, dispensedMl: 1_000 });
    expect([w.balance(PERSON), w.balance(refill.account)]).toEqual([500, 0]);
    expect(await order(refill.id)).toMatchObject({ claimedBy: PERSON, claimedIdr: 500, impactAddedAt: expect.any(String) });
    expect(await listHeldGuestRefunds(w.deps)).toEqual([]);
    // The same account again answers the same and moves nothing; another account gets 409.
    expect(await keep(refill)).toEqual({ orderId: refill.id, creditedIdr: 500, dispensedMl: 1_000 });
    expect((await domainError(keep(refill, another))).message).toBe('Another account already keeps this receipt');
    expect([w.balance(PERSON), w.balance(another.sub)]).toEqual([500, 0]);
  });

  it('puts the refill in the keeper\'s history with its hand-over, once, whether money was held or not', async () => {
    const history = async (who = PERSON) => (await transactionsOf(who, { limit: 10 }, w.ledger)).items;
    const paidInFull = await w.guestPays(1_000);
    expect(await w.dispenses(paidInFull, 1_000)).toBe('settled');
    const held = await heldRefill();
    expect(await history()).toEqual([]);
    await keep(paidInFull);
    await keep(paidInFull);
    const closedAt = (await order(paidInFull.id)).closedAt;
    // Nothing held: the wallet does not move, the row says what the water cost and how it was paid.
    expect(await history()).toEqual([expect.objectContaining({ type: 'guest_refill', amount: 1_000, debit: false, volume: 1, paymentMethod: 'google_pay', createdAt: closedAt, machine: expect.objectContaining({ id: expect.any(String) }) })]);
    expect(w.balance(PERSON)).toBe(0);
    // Money held: the refill's row and the credit, one hand-over; another account that is refused gets no row.
    await keep(held);
    await domainError(keep(held, another));
    expect((await history()).map((t) => [t.type, t.amount])).toEqual(expect.arrayContaining([['guest_refill', 1_000], ['guest_refill', 1_000], ['refund', 500]]));
    expect(await history(another.sub)).toEqual([]);
  });

  it('is refused while the refill is still running', async () => {
    const refill = await w.guestPays(1_000);
    expect((await domainError(keep(refill))).status).toBe(409);
    expect(w.balance(PERSON)).toBe(0);
  });

  it('racing a claim credit on its way to the gateway hands over only what is not reserved: nothing is paid twice', async () => {
    const refill = await heldRefill();
    const claim = await creditedClaim(refill);
    expect(w.balance(refill.account)).toBe(800);
    let answer!: () => void;
    w.gateway.refundAnswers.push({ madeAfter: new Promise<void>((resolve) => (answer = resolve)) });
    const refunding = afterClaimResolved(claim, w.deps);
    while (w.gateway.refundCalls.length < 2) await new Promise((resolve) => setImmediate(resolve));
    // The credit was set aside before the gateway was asked: the receipt kept meanwhile takes the rest only.
    const inFlight = refundInFlightAccount(guestRefundKeys.claim(refill.id));
    expect([w.balance(refill.account), w.balance(inFlight)]).toEqual([500, 300]);
    expect(await keep(refill)).toMatchObject({ creditedIdr: 500 });
    answer();
    await refunding;
    expect(w.gateway.refundsMade.get(refill.id)).toEqual([{ key: guestRefundKeys.claim(refill.id), amount: 300 }]);
    expect([w.balance(PERSON), w.balance(refill.account), w.balance(inFlight), w.owed(refill.account)]).toEqual([500, 0, 0, 0]);
  });

  it('once kept, a claim credit goes to the account\'s wallet instead of the gateway, once', async () => {
    const refill = await heldRefill();
    await keep(refill);
    const claim = await creditedClaim(refill);
    await afterClaimResolved(claim, w.deps);
    await afterClaimResolved(claim, w.deps);
    expect([w.balance(PERSON), w.balance(refill.account)]).toEqual([800, 0]);
    expect(w.gateway.refundsMade.has(refill.id)).toBe(false);
  });
});

describe('an admin paying out a refused guest refund', () => {
  it('debits what the guest account holds, once; the receipt then gives no money', async () => {
    const refill = await heldRefill();
    expect((await listHeldGuestRefunds(w.deps)).map((h) => [h.orderId, h.heldIdr])).toEqual([[refill.id, 500]]);
    expect(await payOutGuestRefund(refill.id, 'Sent by bank transfer', 'admin:ketut', w.deps)).toMatchObject({ orderId: refill.id, heldIdr: 0 });
    expect(w.balance(refill.account)).toBe(0);
    expect(await order(refill.id)).toMatchObject({ paidOut: { amount: 500, by: 'admin:ketut', note: 'Sent by bank transfer' } });
    expect(await listHeldGuestRefunds(w.deps)).toEqual([]);
    expect((await domainError(payOutGuestRefund(refill.id, 'again', 'admin:wayan', w.deps))).message).toBe('This refund was paid out already');
    expect((await domainError(keep(refill))).message).toBe('This money was already paid out to you by our team');
    expect(w.balance(PERSON)).toBe(0);
  });

  it('racing a keep: the held money goes to exactly one of them', async () => {
    const refill = await heldRefill();
    const [paid, kept] = await Promise.allSettled([payOutGuestRefund(refill.id, 'Sent by bank transfer', 'admin:ketut', w.deps), keep(refill)]);
    expect([paid.status, kept.status].sort()).toEqual(['fulfilled', 'rejected']);
    const after = await order(refill.id);
    expect(w.balance(PERSON) + (after.paidOut?.amount ?? 0)).toBe(500);
    expect(w.balance(refill.account)).toBe(0);
  });
});
