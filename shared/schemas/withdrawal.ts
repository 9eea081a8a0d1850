import * as z from '../zod';
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
const PayoutReason = /* @__PURE__ */ lazySchema(() => z.enum(payoutReasons));
export type PayoutReason = z.infer<typeof PayoutReason>;

/** Part of the balance refunded to one top-up. */
const WithdrawalRefund = /* @__PURE__ */ lazySchema(() => z.object({
  orderId: z.string(),
  paymentMethod: PaymentMethod,
  /** When the top-up was paid, and what it was for. */
  paidAt: z.string(),
  paidIdr: z.number().check(z.int()),
  amountIdr: z.number().check(z.int(), z.positive()),
  /** The end of the method's refund window. */
  refundableUntil: z.string(),
}));

/** Part of the balance paid out by an admin instead, and why. */
const PayoutLine = /* @__PURE__ */ lazySchema(() => z.object({
  amountIdr: z.number().check(z.int(), z.positive()),
  reason: PayoutReason,
  /** The top-up it came from (null: not from a top-up). */
  orderId: z.nullable(z.string()),
  paymentMethod: z.nullable(PaymentMethod),
  paidAt: z.nullable(z.string()),
  /** When the refund window closed (null: the method has none, or not from a top-up). */
  refundableUntil: z.nullable(z.string()),
  /** The gateway's own words when it refused. */
  detail: z.nullable(z.string()),
}));
export type PayoutLine = z.infer<typeof PayoutLine>;

export const WithdrawalPlan = /* @__PURE__ */ lazySchema(() => z.object({
  balanceIdr: z.number().check(z.int()),
  refunds: z.array(WithdrawalRefund),
  payout: z.array(PayoutLine),
  refundIdr: z.number().check(z.int()),
  payoutIdr: z.number().check(z.int()),
}));
export type WithdrawalPlan = z.infer<typeof WithdrawalPlan>;

/**
 * The banks a payout can go to (Indonesia's bank codes, the ones a transfer from the company's bank names), and the
 * e-wallets: a fixed list, so the admin never meets a bank they cannot send to.
 */
export const PAYOUT_BANKS = {
  '002': 'BRI', '008': 'Mandiri', '009': 'BNI', '011': 'Danamon', '013': 'Permata', '014': 'BCA', '022': 'CIMB Niaga',
  '028': 'OCBC', '129': 'BPD Bali', '200': 'BTN', '451': 'BSI', '535': 'SeaBank', '542': 'Bank Jago',
} as const;
export const PAYOUT_EWALLETS = { gopay: 'GoPay', ovo: 'OVO', dana: 'DANA' } as const;
const bankCodes = Object.keys(PAYOUT_BANKS) as [keyof typeof PAYOUT_BANKS, ...(keyof typeof PAYOUT_BANKS)[]];
const ewallets = Object.keys(PAYOUT_EWALLETS) as [keyof typeof PAYOUT_EWALLETS, ...(keyof typeof PAYOUT_EWALLETS)[]];
/** Spaces, dots and dashes people type inside numbers. */
const withoutSeparators = (value: string) => value.replace(/[\s.-]/g, '');

/** Where the team sends the part of a withdrawal the gateway cannot refund: a bank account or an e-wallet number. */
export const PayoutDestination = /* @__PURE__ */ lazySchema(() => z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank'),
    bankCode: z.enum(bankCodes, 'Choose a bank'),
    accountNumber: z.string('Enter the account number').check(z.overwrite(withoutSeparators), z.regex(/^\d{6,20}$/, 'An account number is 6 to 20 digits')),
    accountHolder: z.string('Enter the account holder\'s name').check(z.trim(), z.minLength(2, 'Enter the account holder\'s name'), z.maxLength(100, 'The name is too long')),
  }),
  z.object({
    kind: z.literal('ewallet'),
    provider: z.enum(ewallets, 'Choose an e-wallet'),
    phone: z.string('Enter the e-wallet\'s phone number').check(z.overwrite(withoutSeparators), z.regex(/^(08|\+628)\d{7,12}$/, 'Enter an Indonesian mobile number (08... or +628...)')),
  }),
], { error: 'Choose a bank account or an e-wallet' }));
export type PayoutDestination = z.infer<typeof PayoutDestination>;

export const WithdrawalRequest = /* @__PURE__ */ lazySchema(() => z.object({
  /** The balance the user saw with the plan: a withdrawal is made only while it is still the balance (409 otherwise). */
  expectedBalance: z.number({ error: 'The balance you saw is required' }).check(z.int(), z.positive('There is nothing to withdraw')),
  /** Where to send the part the team pays out: required when the plan has one (400 otherwise). */
  payoutDestination: z.optional(PayoutDestination),
}));

/** A payout request's own states; a withdrawal's payoutStatus adds none (nothing was left to pay out). */
const payoutRequestStatuses = ['open', 'paid', 'returned'] as const;
const PayoutStatus = /* @__PURE__ */ lazySchema(() => z.enum(['none', ...payoutRequestStatuses]));

export const Withdrawal = /* @__PURE__ */ lazySchema(() => z.extend(WithdrawalPlan, {
  id: z.string(),
  /** completed: every refund was made (or moved to the payout); processing: interrupted, the same key again finishes it. */
  status: z.enum(['processing', 'completed']),
  /** The admin payout request of what was not refunded: none, open, paid (sent by the admin) or returned (credited back to the wallet). */
  payoutStatus: PayoutStatus,
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  /** Where the payout goes, as the user may see it again ('BCA •••7890'); null: no payout, or none was given. */
  payoutTo: z.nullable(z.string()),
}));
export type Withdrawal = z.infer<typeof Withdrawal>;

/** An admin payout request: the part of a withdrawal the gateway could not refund. */
export const PayoutRequest = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.nullable(z.string()),
  amountIdr: z.number().check(z.int()),
  lines: z.array(PayoutLine),
  /** Where to send it, in full (the admin types it into the bank's transfer); null: not given (a refund refused later). */
  destination: z.nullable(PayoutDestination),
  status: z.enum(payoutRequestStatuses),
  createdAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  resolvedBy: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** The bank's or e-wallet's reference of the transfer, when paid. */
  transferReference: z.nullable(z.string()),
}));
export type PayoutRequest = z.infer<typeof PayoutRequest>;

export const PayoutQuery = /* @__PURE__ */ lazySchema(() => z.object({ status: z._default(z.enum(['open', 'paid', 'returned']), 'open') }));

const NOTE_REQUIRED = 'A note is required (why it is returned)';
const REFERENCE_REQUIRED = 'Enter the transfer reference the bank or e-wallet gave';
const note = () => z.string({ error: NOTE_REQUIRED }).check(z.trim(), z.maxLength(500, 'The note is too long'));
export const PayoutResolution = /* @__PURE__ */ lazySchema(() => z.discriminatedUnion('outcome', [
  /** paid: the admin sent the money (outside the gateway), under the transfer's reference; a note is optional. */
  z.object({
    outcome: z.literal('paid'),
    transferReference: z.string({ error: REFERENCE_REQUIRED }).check(z.trim(), z.minLength(4, REFERENCE_REQUIRED), z.maxLength(100, 'The reference is too long')),
    note: z._default(note(), ''),
  }),
  /** returned: credited back to the user's wallet, with why. */
  z.object({ outcome: z.literal('returned'), note: note().check(z.minLength(1, NOTE_REQUIRED)) }),
], { error: 'Choose paid or returned' }));
export type PayoutResolution = z.infer<typeof PayoutResolution>;
