import type { HeldGuestRefund } from '@shared/schemas/guest';
import type { Clock } from '../../platform/ports/clock';
import type { Ledger } from '../../wallet/ports/ledger';
import type { GuestHandover, GuestOrder, PaymentOrders } from '../../wallet/ports/payment-orders';
import { combinedParts, TransactionPartRejected } from '../../platform/ports/transaction';
import type { Users } from '../../accounts/ports/users';
import { conflict, notFound } from '../../platform/domain/errors';
import { guestOrderWithSecret } from './guest-orders';
import { orderKind } from '../../wallet/domain/payment-orders';
import { refusalOf } from '../../wallet/domain/ledger-rules';
import type { SignedInPerson } from '../../platform/ports/caller-directory';
import { ensureProfile } from '../../accounts/domain/users';
import * as texts from './texts';

/**
 * What happens to a guest receipt after the refill (docs/payments.md, "Guest orders"): a signed-in account claims it
 * with the receipt's secret (its litres count in the account's impact, and what the gateway refused to refund becomes
 * wallet credit), or an admin pays out what the gateway refused. The guest account's money is handed over once: to
 * the first account that claims it, or to the admin's payout, whichever comes first.
 */
export interface GuestReceiptDeps {
  paymentOrders: PaymentOrders;
  ledger: Ledger;
  users: Users;
  clock: Clock;
}

const CLAIMED_BY_ANOTHER = texts.receiptKeptByAnother;
const PAID_OUT = texts.receiptPaidOut;

/** How often a hand-over reads the guest account again when it changed between the read and the write. */
const HAND_OVER_ATTEMPTS = 5;

/**
 * Hands the guest account's money over once, in one ledger transaction with the order's record of who took it (the
 * money and the record commit together or not at all): to the claiming account's wallet (a balanced transfer), or out
 * of the book (an admin paid it by hand). It moves all the guest account holds when it commits, and only that: the
 * write is conditioned on the balance read, and read again when a refund set part of it aside (guest-orders.ts,
 * refundGuest) or a refused one brought it back meanwhile. `handoverOf` says what the order records for the amount
 * read. Null when it was handed over before: claimed, or paid out since the payout the order had when it was read
 * (each payout's ledger key names that earlier payout).
 */
async function handOver(order: GuestOrder, handoverOf: (held: number) => GuestHandover, note: string, actor: string, deps: GuestReceiptDeps): Promise<GuestOrder | null> {
  const previousPayoutAt = order.paidOut?.at;
  const details = { reference: order.orderId, actor, machineId: order.machineId, machineName: order.machineName, note };
  for (let attempt = 1; ; attempt++) {
    const held = (await deps.users.get(order.userId))?.balance ?? 0;
    const handover = handoverOf(held);
    const claimant = 'claimedBy' in handover ? handover.claimedBy : undefined;
    const historyRow = claimant ? keptRefillRow(order, claimant, deps) : undefined;
    if (held <= 0) return deps.paymentOrders.handOver(order.orderId, handover, previousPayoutAt, historyRow);
    const together = combinedParts(deps.paymentOrders.handingOver(order.orderId, handover, previousPayoutAt), historyRow);
    try {
      if (claimant) {
        await deps.ledger.transfer({ from: order.userId, to: claimant, amount: held, toType: 'refund' }, `guest-claim:${order.orderId}`, details, { together, expectedFromBalance: held });
      } else {
        await deps.ledger.post(order.userId, 'adjustment', -held, `guest-payout:${order.orderId}${previousPayoutAt ? `:${previousPayoutAt}` : ''}`, { ...details, counter: 'manual-payouts' }, { together, expectedBalance: held });
      }
    } catch (error) {
      if (error instanceof TransactionPartRejected) return null;
      if (refusalOf(error) === 'balance-changed' && attempt < HAND_OVER_ATTEMPTS) continue;
      throw error;
    }
    const after = await deps.paymentOrders.get(order.orderId);
    return after?.kind === 'guest' ? after : null;
  }
}

/**
 * The refill's row in the keeper's history (docs/payments.md, "Guest orders"): its station, litres, price and payment
 * method at the time it ended. It moves no money; it is written with the hand-over, so it is there exactly when the
 * receipt is kept.
 */
const keptRefillRow = (order: GuestOrder, claimant: string, deps: GuestReceiptDeps) => deps.ledger.recordingGuestRefill(claimant, {
  idempotencyKey: `guest-refill:${order.orderId}`,
  at: order.closedAt ?? order.createdAt,
  reference: order.orderId,
  actor: claimant,
  machineId: order.machineId,
  machineName: order.machineName,
  volumeMl: order.dispensedMl ?? 0,
  paymentMethod: order.paymentMethod,
  charged: order.charged ?? 0,
});

/**
 * POST /api/guest/orders/{id}/claim: the signed-in caller keeps a finished guest receipt. Once per receipt; the same
 * account again finishes an interrupted claim and answers the same.
 */
export async function claimGuestOrder(person: SignedInPerson, orderId: string, secret: string, deps: GuestReceiptDeps) {
  let order = await guestOrderWithSecret(orderId, secret, deps);
  if (!order.closedAt) throw conflict(texts.receiptNotFinal);
  const now = deps.clock.now().toISOString();
  await ensureProfile(person, deps.users, now);
  if (order.paidOut) throw conflict(PAID_OUT);
  if (!order.claimedBy) {
    const note = 'Guest refill: what the payment gateway could not refund, kept as wallet credit';
    const handover = (held: number) => ({ claimedBy: person.sub, claimedIdr: held, claimedAt: now });
    order = (await handOver(order, handover, note, person.sub, deps)) ?? (await guestOrderWithSecret(orderId, secret, deps));
  }
  if (order.claimedBy !== person.sub) throw conflict(order.paidOut ? PAID_OUT : CLAIMED_BY_ANOTHER);
  const credited = order.claimedIdr ?? 0;
  if ((order.dispensedMl ?? 0) > 0 && !order.impactAddedAt) await deps.paymentOrders.addImpactOnce(order.orderId, person.sub, order.dispensedMl ?? 0, now);
  return { orderId: order.orderId, creditedIdr: credited, dispensedMl: order.dispensedMl ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------
// The admin's side: refused refunds nobody claimed

const HELD_LIMIT = 100;

async function heldView(order: GuestOrder, deps: Pick<GuestReceiptDeps, 'users'>, heldIdr?: number): Promise<HeldGuestRefund> {
  return {
    orderId: order.orderId,
    stationName: order.machineName,
    paymentMethod: order.paymentMethod,
    email: order.email,
    heldIdr: heldIdr ?? (await deps.users.get(order.userId))?.balance ?? 0,
    reason: order.refundRefused?.reason ?? '',
    refusedAt: order.refundRefused?.at ?? order.updatedAt,
    createdAt: order.createdAt,
  };
}

/**
 * GET /api/admin/guest-refunds: what the gateway refused to refund to guests and nobody claimed, oldest first. A refusal
 * after the receipt was kept lists the order again; what it brought back went to the keeper (guest-orders.ts).
 */
export async function listHeldGuestRefunds(deps: Pick<GuestReceiptDeps, 'paymentOrders' | 'users'>): Promise<HeldGuestRefund[]> {
  const orders = (await deps.paymentOrders.listRefusedRefunds(HELD_LIMIT)).filter((order) => !order.claimedBy);
  return Promise.all(orders.map((order) => heldView(order, deps)));
}

/**
 * POST /api/admin/guest-refunds/{id}/pay-out: an admin sent the held money outside the gateway; the guest account's
 * debit, once per refusal, with the note. A claim credited after a payout, that the gateway refuses too, is held and
 * listed again, and paid out by the next payout (`paidOut.amount` is the total).
 */
export async function payOutGuestRefund(orderId: string, note: string, actor: string, deps: GuestReceiptDeps): Promise<HeldGuestRefund> {
  const order = orderKind(orderId) === 'guest' ? await deps.paymentOrders.get(orderId) : null;
  if (!order || order.kind !== 'guest' || !order.refundRefused) throw notFound(texts.noRefusedRefund);
  if (order.claimedBy) throw conflict(texts.guestClaimedAlready);
  const at = deps.clock.now().toISOString();
  const payout = (held: number) => {
    if (held <= 0) throw conflict(texts.refundPaidOutAlready);
    return { paidOut: { amount: (order.paidOut?.amount ?? 0) + held, by: actor, note, at } };
  };
  const paidOut = await handOver(order, payout, `Paid out by an operator: ${note}`, actor, deps);
  if (!paidOut) throw conflict(texts.refundTakenMeanwhile);
  return heldView(paidOut, deps, 0);
}
