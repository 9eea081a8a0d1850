import * as z from 'zod';

/**
 * Scan-to-refill without an account (docs/payments.md, "Guest orders"): a guest pays one refill at the station's
 * page, the station is started for it, and what was not dispensed is refunded through the gateway.
 */

/** The fill sizes the station page offers (millilitres); "fill my bottle" asks for the station's maximum. */
export const GUEST_FILL_SIZES_ML = [500, 1000, 1500] as const;
/** The smallest refill a guest may pay for. */
const GUEST_MIN_ML = 100;

const guestPaymentMethods = ['qris', 'gopay', 'google_pay', 'apple_pay'] as const;

export const GuestOrderRequest = z.object({
  stationId: z.string().trim().min(1, 'Choose a station').max(64),
  volumeMl: z.number({ error: 'Choose how much water' }).int('Whole millilitres').min(GUEST_MIN_ML, `At least ${GUEST_MIN_ML} ml`).max(20_000, 'At most 20 L'),
  paymentMethod: z.enum(guestPaymentMethods, { error: 'Choose how to pay' }),
  /** Google Pay / Apple Pay payment token (card wallets only). */
  walletToken: z.string().min(1).max(20_000).optional(),
  /** Where to send the receipt (optional). */
  email: z.email('Enter a valid e-mail address').max(254).optional(),
});
export type GuestOrderRequest = z.infer<typeof GuestOrderRequest>;

/**
 * Where a guest's refill is: waiting for the payment, paid and waiting for the person to press start (the vend
 * token's time), dispensing (started, not reported yet), settling (reported; the rest being refunded), done (the
 * receipt is final), or failed (the payment was declined or never made).
 */
const guestOrderStatuses = ['waiting_payment', 'press_start', 'dispensing', 'settling', 'done', 'failed'] as const;

export const GuestOrder = z.object({
  id: z.string(),
  /** The receipt's id for `/r/{receiptId}`: the order id and the secret that reads it, joined by `~`. */
  receiptId: z.string(),
  status: z.enum(guestOrderStatuses),
  stationId: z.string(),
  stationName: z.string(),
  volumeMl: z.number().int(),
  paymentMethod: z.string(),
  /** The price of the volume asked for: what the guest pays. */
  amountIdr: z.number().int(),
  /** Rupiah paid (0 until the gateway confirmed the payment). */
  paidIdr: z.number().int(),
  dispensedMl: z.number().int(),
  chargedIdr: z.number().int(),
  refundedIdr: z.number().int(),
  /** How to pay while waiting: the QRIS string, the gateway's QR image (GoPay through Midtrans), the app deeplink. */
  payment: z.object({ qrString: z.string().nullable(), qrImageUrl: z.string().nullable(), deeplink: z.string().nullable(), expiresAt: z.string().nullable() }),
  /** Until when start may be pressed at the station (press_start). */
  startBy: z.string().nullable(),
  /** Why the refill did not start, or the payment failed. */
  message: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Impact of what was dispensed: 0.5 L bottles not bought, kg of CO2 they would have cost. */
  bottlesSaved: z.number().int(),
  co2SavedKg: z.number(),
});
export type GuestOrder = z.infer<typeof GuestOrder>;

export const GuestOrderCreated = GuestOrder.extend({
  /** The receipt's secret: GET /api/guest/orders/{id}?secret=... reads the order only with it. */
  secret: z.string(),
  /** The receipt page: `/r/{receiptId}`. */
  receiptPath: z.string(),
});

export const GuestOrderQuery = z.object({ secret: z.string().min(16, 'The receipt secret is required').max(128) });
