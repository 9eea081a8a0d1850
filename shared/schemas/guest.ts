import * as z from '../zod';
import { ClaimInput, ClaimKind, ClaimState } from './claim';
import { lazySchema } from '../lazy-schema';

/**
 * Scan-to-refill without an account (docs/payments.md, "Guest orders"): a guest pays one refill at the station's
 * page, the station is started for it, and what was not dispensed is refunded through the gateway.
 */

/** The smallest refill a guest may pay for. */
const GUEST_MIN_ML = 100;

const guestPaymentMethods = ['qris', 'gopay', 'google_pay', 'apple_pay', 'card'] as const;

export const GuestOrderRequest = /* @__PURE__ */ lazySchema(() => z.object({
  stationId: z.string().check(z.trim(), z.minLength(1, 'Choose a station'), z.maxLength(64)),
  volumeMl: z.number({ error: 'Choose how much water' }).check(z.int('Whole millilitres'), z.gte(GUEST_MIN_ML, `At least ${GUEST_MIN_ML} ml`), z.lte(20_000, 'At most 20 L')),
  paymentMethod: z.enum(guestPaymentMethods, { error: 'Choose how to pay' }),
  /** Google Pay / Apple Pay payment token (card wallets only). */
  walletToken: z.optional(z.string().check(z.minLength(1), z.maxLength(20_000))),
  /** Where to send the receipt (optional). */
  email: z.optional(z.email('Enter a valid e-mail address').check(z.maxLength(254))),
}));
export type GuestOrderRequest = z.infer<typeof GuestOrderRequest>;

/**
 * Where a guest's refill is: waiting for the payment, paid and waiting for the person to press start (the vend
 * token's time), dispensing (started, not reported yet), settling (reported; the rest being refunded), done (the
 * receipt is final), or failed (the payment was declined or never made).
 */
const guestOrderStatuses = ['waiting_payment', 'press_start', 'dispensing', 'settling', 'done', 'failed'] as const;

export const GuestOrder = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  /** The receipt's id for `/r/{receiptId}`: the order id and the secret that reads it, joined by `~`. */
  receiptId: z.string(),
  status: z.enum(guestOrderStatuses),
  stationId: z.string(),
  stationName: z.string(),
  volumeMl: z.number().check(z.int()),
  paymentMethod: z.string(),
  /** The price of the volume asked for: what the guest pays. */
  amountIdr: z.number().check(z.int()),
  /** Rupiah paid (0 until the gateway confirmed the payment). */
  paidIdr: z.number().check(z.int()),
  dispensedMl: z.number().check(z.int()),
  chargedIdr: z.number().check(z.int()),
  refundedIdr: z.number().check(z.int()),
  /**
   * How to pay while waiting: the QRIS string, the gateway's QR image (GoPay through Midtrans), the app deeplink, the
   * gateway's hosted page (a card).
   */
  payment: z.object({ qrString: z.nullable(z.string()), qrImageUrl: z.nullable(z.string()), deeplink: z.nullable(z.string()), redirectUrl: z.nullable(z.string()), expiresAt: z.nullable(z.string()) }),
  /** Until when start may be pressed at the station (press_start). */
  startBy: z.nullable(z.string()),
  /** Why the refill did not start, or the payment failed. */
  message: z.nullable(z.string()),
  createdAt: z.string(),
  closedAt: z.nullable(z.string()),
  /** Impact of what was dispensed: 0.5 L bottles not bought, kg of CO2 they would have cost. */
  bottlesSaved: z.number().check(z.int()),
  co2SavedKg: z.number(),
  /** What became of the unused part: nothing to refund, refunded through the gateway, or refused by the gateway. */
  refund: z.enum(['none', 'refunded', 'refused']),
  /** The gateway's words when it refused the refund. */
  refundRefusedReason: z.nullable(z.string()),
  /**
   * Rupiah the gateway would not refund, kept for the guest: wallet credit once an account claims the receipt
   * (0 once claimed or paid out by an operator).
   */
  heldIdr: z.number().check(z.int()),
  /** Whether a signed-in account claimed the receipt (its impact, and what was held). */
  claimed: z.boolean(),
  /** Whether the guest gave an e-mail for the receipt (else the link is the only copy: the page says to keep it). */
  receiptByEmail: z.boolean(),
  /** Until when the refill may be claimed ("I didn't get my water"); null when it charged nothing or is not done. */
  claimUntil: z.nullable(z.string()),
  /** The claim on the refill, when one was made, with what it credited (refunded to the guest). */
  claim: z.nullable(z.extend(ClaimState, { kind: ClaimKind, contact: z.optional(z.object({ email: z.optional(z.string()), whatsapp: z.optional(z.string()) })) })),
}));
export type GuestOrder = z.infer<typeof GuestOrder>;

/** A signed-in account claims a guest receipt (`POST /api/guest/orders/{id}/claim`), proving it with the receipt's secret. */
export const GuestOrderClaimRequest = /* @__PURE__ */ lazySchema(() => z.object({ secret: z.string().check(z.minLength(16, 'The receipt secret is required'), z.maxLength(128)) }));

/** What claiming a receipt gave the account: the held money as wallet credit, and the refill's impact. */
export const GuestOrderClaimed = /* @__PURE__ */ lazySchema(() => z.object({
  orderId: z.string(),
  creditedIdr: z.number().check(z.int()),
  dispensedMl: z.number().check(z.int()),
}));

const CLAIM_CONTACT_REQUIRED = 'Give an e-mail address or a WhatsApp number so that we can answer';
const WHATSAPP_E164 = 'A WhatsApp number with its country code, like +6281234567890';

/**
 * "I didn't get my water" from a guest receipt: the claim, with the receipt's secret and where to answer the guest
 * (an e-mail address, a WhatsApp number in E.164 shape, or both).
 */
export const GuestClaimInput = /* @__PURE__ */ lazySchema(() => z.extend(ClaimInput, {
  ...GuestOrderClaimRequest.shape,
  email: z.optional(z.email('Enter a valid e-mail address').check(z.maxLength(254))),
  whatsapp: z.optional(z.string({ error: WHATSAPP_E164 }).check(z.regex(/^\+[1-9][0-9]{7,14}$/, WHATSAPP_E164))),
}).check(z.refine((claim) => Boolean(claim.email || claim.whatsapp), { error: CLAIM_CONTACT_REQUIRED, path: ['contact'] })));
export type GuestClaimInput = z.infer<typeof GuestClaimInput>;

/** A guest order whose refund the gateway refused and whose money is still held (the admin's payouts page). */
export const HeldGuestRefund = /* @__PURE__ */ lazySchema(() => z.object({
  orderId: z.string(),
  stationName: z.string(),
  paymentMethod: z.string(),
  /** Where the guest's receipt went, to reach them (may be absent). */
  email: z.nullable(z.string()),
  heldIdr: z.number().check(z.int()),
  reason: z.string(),
  refusedAt: z.string(),
  createdAt: z.string(),
}));
export type HeldGuestRefund = z.infer<typeof HeldGuestRefund>;

const NOTE_REQUIRED = 'Say how the money was sent (the audit)';
/** An admin paid a held guest refund outside the gateway. */
export const GuestRefundPayout = /* @__PURE__ */ lazySchema(() => z.object({
  note: z.string({ error: NOTE_REQUIRED }).check(z.trim(), z.minLength(1, NOTE_REQUIRED), z.maxLength(500, 'The note is too long')),
}));

export const GuestOrderCreated = /* @__PURE__ */ lazySchema(() => z.extend(GuestOrder, {
  /** The receipt's secret: GET /api/guest/orders/{id}?secret=... reads the order only with it. */
  secret: z.string(),
  /** The receipt page: `/r/{receiptId}`. */
  receiptPath: z.string(),
}));

export const GuestOrderQuery = /* @__PURE__ */ lazySchema(() => z.object({ secret: z.string().check(z.minLength(16, 'The receipt secret is required'), z.maxLength(128)) }));
