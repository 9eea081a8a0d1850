import * as z from 'zod';
import { PaymentMethod } from './transaction';
import { lazySchema } from '../lazy-schema';

/**
 * Withdrawing the unused balance (docs/payments.md, "Withdrawals"): refunded to the user's settled top-ups, newest
 * first, within each method's refund window; what cannot be refunded automatically becomes an admin payout request.
 */

/**
 * Why part of a balance is not refunded automatically: the top-up's refund window has passed, its method has none
 * (card wallets), the money did not come from a top-up (an admin credit, older than every top-up kept), or the
 * gateway refused the refund when asked.
 */
const payoutReasons = ['window_passed', 'method_not_refundable', 'not_from_topup', 'gateway_refused'] as const;
const PayoutReason = lazySchema(() => z.enum(payoutReasons));
export type PayoutReason = z.infer<typeof PayoutReason>;

/** Part of the balance refunded to one top-up. */
const WithdrawalRefund = lazySchema(() => z.object({
  orderId: z.string(),
  paymentMethod: PaymentMethod,
  /** When the top-up was paid, and what it was for. */
  paidAt: z.string(),
  paidIdr: z.number().int(),
  amountIdr: z.number().int().positive(),
  /** The end of the method's refund window. */
  refundableUntil: z.string(),
}));

/** Part of the balance paid out by an admin instead, and why. */
const PayoutLine = lazySchema(() => z.object({
  amountIdr: z.number().int().positive(),
  reason: PayoutReason,
  /** The top-up it came from (null: not from a top-up). */
  orderId: z.string().nullable(),
  paymentMethod: PaymentMethod.nullable(),
  paidAt: z.string().nullable(),
  /** When the refund window closed (null: the method has none, or not from a top-up). */
  refundableUntil: z.string().nullable(),
  /** The gateway's own words when it refused. */
  detail: z.string().nullable(),
}));
export type PayoutLine = z.infer<typeof PayoutLine>;

export const WithdrawalPlan = lazySchema(() => z.object({
  balanceIdr: z.number().int(),
  refunds: z.array(WithdrawalRefund),
  payout: z.array(PayoutLine),
  refundIdr: z.number().int(),
  payoutIdr: z.number().int(),
}));
export type WithdrawalPlan = z.infer<typeof WithdrawalPlan>;

export const WithdrawalRequest = lazySchema(() => z.object({
  /** The balance the user saw with the plan: a withdrawal is made only while it is still the balance (409 otherwise). */
  expectedBalance: z.number({ error: 'The balance you saw is required' }).int().positive('There is nothing to withdraw'),
}));

const payoutStatuses = ['none', 'open', 'paid', 'returned'] as const;
const PayoutStatus = lazySchema(() => z.enum(payoutStatuses));

export const Withdrawal = lazySchema(() => WithdrawalPlan.extend({
  id: z.string(),
  /** completed: every refund was made (or moved to the payout); processing: interrupted, the same key again finishes it. */
  status: z.enum(['processing', 'completed']),
  /** The admin payout request of what was not refunded: none, open, paid (sent by the admin) or returned (credited back to the wallet). */
  payoutStatus: PayoutStatus,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
}));
export type Withdrawal = z.infer<typeof Withdrawal>;

/** An admin payout request: the part of a withdrawal the gateway could not refund. */
export const PayoutRequest = lazySchema(() => z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  amountIdr: z.number().int(),
  lines: z.array(PayoutLine),
  status: PayoutStatus.exclude(['none']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
}));
export type PayoutRequest = z.infer<typeof PayoutRequest>;

export const PayoutQuery = lazySchema(() => z.object({ status: z.enum(['open', 'paid', 'returned']).default('open') }));

const NOTE_REQUIRED = 'A note is required (the transfer reference, or why it is returned)';
export const PayoutResolution = lazySchema(() => z.object({
  /** paid: the admin sent the money (outside the gateway); returned: credited back to the user's wallet. */
  outcome: z.enum(['paid', 'returned']),
  note: z.string({ error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(500, 'The note is too long'),
}));
export type PayoutResolution = z.infer<typeof PayoutResolution>;
