import * as z from '../zod';
import { MAX_TOPUP_IDR, MIN_TOPUP_IDR } from '../constants';
import { formatRupiah } from '../money';
import { ClaimState } from './claim';
import { lazySchema } from '../lazy-schema';

/** `card`: a card typed on the gateway's own hosted page (Midtrans Snap), for a card without Google Pay or Apple Pay. */
export const paymentMethods = ['ovo', 'gopay', 'qris', 'google_pay', 'apple_pay', 'card'] as const;
export const PaymentMethod = /* @__PURE__ */ lazySchema(() => z.enum(paymentMethods));
export type PaymentMethod = z.infer<typeof PaymentMethod>;
const walletPaymentMethods = ['google_pay', 'apple_pay'] as const;
export type WalletPaymentMethod = (typeof walletPaymentMethods)[number];
/** A card too: paid on the gateway's hosted page, which brings the payer back to the app (docs/payments.md, "Paying as a foreigner"). */
const topupPaymentMethods = ['ovo', 'gopay', 'qris', 'google_pay', 'apple_pay', 'card'] as const;
export type TopupPaymentMethod = (typeof topupPaymentMethods)[number];
/** Google Pay and Apple Pay: paid with a wallet token, captured at once. */
export const isCardWallet = (method: PaymentMethod): method is WalletPaymentMethod => (walletPaymentMethods as readonly string[]).includes(method);

/**
 * How long after a payment the gateway still refunds it, in days, per payment method (Midtrans, "Refund Transactions";
 * docs/payments.md, "Withdrawals"). QRIS: 7, the shortest of its acquirers (QRIS off-us); OVO is charged as QRIS (7
 * for regular merchants either way); GoPay deeplink: 45. Cards (Google Pay, Apple Pay, the hosted page): null, no
 * window we could confirm, so never refunded automatically (an admin payout instead).
 */
export const REFUND_WINDOW_DAYS = { qris: 7, ovo: 7, gopay: 45, google_pay: null, apple_pay: null, card: null } as const satisfies Record<PaymentMethod, number | null>;

/**
 * `receivable`: water dispensed (or a gateway refund) the balance did not cover, now owed; `repayment`: what a
 * top-up paid towards it; `guest_refill`: a refill paid at the station as a guest and kept from its receipt (its
 * amount is what the water cost, paid with its payment method, not from the wallet).
 */
export const transactionTypes = ['purchase', 'topup', 'refund', 'adjustment', 'receivable', 'repayment', 'guest_refill'] as const;
export const TransactionType = /* @__PURE__ */ lazySchema(() => z.enum(transactionTypes));

/** A user-visible movement of money; purchases and repayments are debits, a receivable is owed, the rest credits or adjustments. */
export const Transaction = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  type: TransactionType,
  /** Integer rupiah, absolute value (for a receivable: what became owed). */
  amount: z.number().check(z.int(), z.nonnegative()),
  /** True when the entry took money out of the wallet (a purchase, a repayment, a refund or debit adjustment). */
  debit: z.boolean(),
  createdAt: z.string(),
  volume: z.nullable(z.number().check(z.nonnegative())),
  paymentMethod: z.nullable(PaymentMethod),
  machine: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** On a purchase of a vend: the session, which the person may claim within 24 h (docs/architecture.md, "Claims"). */
  vendId: z.optional(z.string()),
  /** On a vend's charge: the station dispensed without its connection and reported later (docs/architecture.md, "Offline vends"). */
  offline: z.optional(z.literal(true)),
  /** The vend's claim, when there is one. */
  claim: z.optional(ClaimState),
  /** On the wallet's side of a withdrawal (the balance set aside for it, or what came back from it): the withdrawal. */
  withdrawalId: z.optional(z.string()),
  /** What that entry was to the withdrawal, and where the withdrawn money went, to name the row truthfully. */
  withdrawal: z.optional(z.object({
    /** withdrawn: the balance set aside; voided: an interrupted one's money back; payout_returned: the admin returned the payout. */
    step: z.enum(['withdrawn', 'voided', 'payout_returned']),
    /** Refunds made, one per payment method. */
    refunds: z.array(z.object({ paymentMethod: PaymentMethod, amountIdr: z.number().check(z.int()) })),
    payoutIdr: z.number().check(z.int()),
    /** Where the payout goes, masked ('BCA •••7890'); null: none, or not given. */
    payoutTo: z.nullable(z.string()),
    payoutStatus: z.enum(['none', 'open', 'paid', 'returned']),
    /** Still being carried out (its refunds not all made yet). */
    processing: z.boolean(),
  })),
}));
export type Transaction = z.infer<typeof Transaction>;

export const Page = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
export const PageQuery = /* @__PURE__ */ lazySchema(() => z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
}));

/**
 * The top-up limits' messages (the minimum follows the admin setting). The minimum's is a text of the spec's error
 * catalogue and appears as written there, 'Minimum top up amount is Rp 10,000': English grouping (docs/design.md).
 */
export const minimumTopupMessage = (minimum: number) => `Minimum top up amount is Rp ${minimum.toLocaleString('en-US')}`;
const maximumTopupMessage = (maximum: number) => `Maximum top up amount is ${formatRupiah(maximum)}`;

export const TopupRequest = /* @__PURE__ */ lazySchema(() => z.object({
  amount: z.number({ error: 'Amount must be a number' }).check(
    z.int('Amount must be whole rupiah'),
    z.positive(),
    z.lte(MAX_TOPUP_IDR, maximumTopupMessage(MAX_TOPUP_IDR)),
    z.describe(`At least the minimum top-up of the system settings (${formatRupiah(MIN_TOPUP_IDR)} unless an administrator changed it)`),
  ),
  paymentMethod: z.enum(topupPaymentMethods),
  walletToken: z.optional(z.string().check(z.maxLength(20_000))),
}));

export const PurchaseRequest = /* @__PURE__ */ lazySchema(() => z.object({
  machineId: z.string().check(z.minLength(1)),
  /** Litres requested. */
  volume: z.number().check(z.positive(), z.lte(20)),
  walletToken: z.string().check(z.minLength(1), z.maxLength(20_000)),
  paymentMethod: z.enum(walletPaymentMethods),
}));
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

export const AppleMerchantValidationRequest = /* @__PURE__ */ lazySchema(() => z.object({ validationURL: z.url(), domainName: z.string().check(z.minLength(1)) }));
