import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '@shared/schemas/transaction';
import {
  GatewayRejected,
  GatewayUnavailable,
  SignatureRejected,
  type ChargeRequest,
  type ChargeResult,
  type GatewayRefund,
  type PaymentNotification,
  type RefundRequest,
  type PaymentOutcome,
} from '../../ports/payment-gateway';

/**
 * Midtrans Core API, as documented (docs.midtrans.com): POST /v2/charge, GET /v2/{order_id}/status, the direct
 * refund POST /v2/{order_id}/refund/online/direct, and the
 * HTTP notification whose signature_key is SHA-512(order_id + status_code + gross_amount + server key).
 * Pure functions here; gateway.ts does the HTTP. The sandbox gateway signs its notifications with the
 * same functions, so the webhook code path is the same in both.
 */

export const MIDTRANS_BASE_URL = { sandbox: 'https://api.sandbox.midtrans.com', production: 'https://api.midtrans.com' } as const;
/** Snap, the gateway's hosted payment page: `POST /snap/v1/transactions` on its own host. */
export const MIDTRANS_SNAP_URL = { sandbox: 'https://app.sandbox.midtrans.com/snap/v1/transactions', production: 'https://app.midtrans.com/snap/v1/transactions' } as const;

/** SHA-512 hex of order_id + status_code + gross_amount + server key, exactly as Midtrans signs a notification. */
export function signatureKey(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(orderId + statusCode + grossAmount + serverKey, 'utf8').digest('hex');
}

/**
 * Midtrans transaction_status (+ fraud_status for card captures) -> what it means for our books.
 * capture counts only with fraud_status accept (challenge waits for the merchant's review, deny fails);
 * settlement is final money; pending/authorize wait; deny, cancel and failure fail; expire expires;
 * refunds and chargebacks take the money back.
 */
export function mapStatus(transactionStatus: string, fraudStatus?: string | null): PaymentOutcome {
  switch (transactionStatus) {
    case 'capture':
      if (!fraudStatus || fraudStatus === 'accept') return 'settled';
      return fraudStatus === 'deny' ? 'failed' : 'pending';
    case 'settlement':
      return 'settled';
    case 'pending':
    case 'authorize':
      return 'pending';
    case 'deny':
    case 'cancel':
    case 'failure':
      return 'failed';
    case 'expire':
      return 'expired';
    case 'refund':
    case 'partial_refund':
    case 'chargeback':
    case 'partial_chargeback':
      return 'refunded';
    default:
      // An unknown status moves no money.
      return 'pending';
  }
}

/**
 * The status_code Midtrans sends with each transaction_status (docs.midtrans.com, status codes): 200 for what
 * succeeded (capture, settlement, a cancel, refunds and chargebacks), 201 for what waits (pending, authorize, a
 * capture under fraud review), 202 for what was refused, 407 for an expiry. The signature covers status_code but not
 * transaction_status, so a signed body whose two disagree is a forgery: a signed `pending` (201) rewritten to
 * `settlement` is refused before anything else is read.
 */
const STATUS_CODES: Record<string, readonly string[]> = {
  capture: ['200', '201'],
  settlement: ['200'],
  pending: ['201'],
  authorize: ['200', '201'],
  deny: ['202'],
  cancel: ['200', '202'],
  failure: ['202'],
  expire: ['407', '202'],
  refund: ['200'],
  partial_refund: ['200'],
  chargeback: ['200'],
  partial_chargeback: ['200'],
};

/** True when the signed status_code is one Midtrans sends with this transaction_status (an unknown status matches none). */
const statusCodeMatches = (statusCode: string, transactionStatus: string) => STATUS_CODES[transactionStatus]?.includes(statusCode) ?? false;

/** '10000.00' -> 10000. Rupiah has no minor unit; anything fractional is refused. */
function parseGrossAmount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
  if (!Number.isFinite(n) || Math.round(n) !== n) throw new SignatureRejected('gross_amount is not a whole rupiah amount');
  return n;
}

/** Midtrans times are Jakarta time (WIB, UTC+7) without a zone: '2025-08-27 14:43:01'. */
export function parseMidtransTime(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  return new Date(`${value.replace(' ', 'T')}+07:00`).toISOString();
}

export function formatMidtransTime(date: Date): string {
  const wib = new Date(date.getTime() + 7 * 3600_000);
  return wib.toISOString().slice(0, 19).replace('T', ' ');
}

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A status report body (notification or status API) -> our normalised report. Does not check the signature. */
export function toReport(body: Body): PaymentNotification {
  const orderId = str(body.order_id);
  const transactionStatus = str(body.transaction_status);
  if (!orderId || !transactionStatus) throw new SignatureRejected('order_id and transaction_status are required');
  const refunds = Array.isArray(body.refunds) ? (body.refunds as Body[]) : [];
  const lastRefund = refunds.at(-1);
  const refundAmount = lastRefund?.refund_amount ?? body.refund_amount;
  const keyOf = (refund: Body | undefined) => str(refund?.refund_key) ?? (refund?.refund_chargeback_id !== undefined ? String(refund.refund_chargeback_id) : null);
  return {
    orderId,
    transactionId: str(body.transaction_id),
    outcome: mapStatus(transactionStatus, str(body.fraud_status)),
    gatewayStatus: transactionStatus,
    fraudStatus: str(body.fraud_status),
    paymentType: str(body.payment_type),
    grossAmount: parseGrossAmount(body.gross_amount),
    refundAmount: refundAmount === undefined || refundAmount === null ? null : parseGrossAmount(refundAmount),
    refundKey: keyOf(lastRefund),
    refunds: refunds.flatMap((refund) => {
      const key = keyOf(refund);
      return key ? [{ key, amount: parseGrossAmount(refund.refund_amount) }] : [];
    }),
    message: mapStatus(transactionStatus, str(body.fraud_status)) === 'failed' ? failureReason(body.status_message) : null,
  };
}

/** Notifications carry the same generic status_message whatever happened; it is no reason to show anyone. */
const GENERIC_NOTIFICATION_MESSAGE = 'midtrans payment notification';
const failureReason = (value: unknown) => {
  const message = str(value);
  return message && message.toLowerCase() !== GENERIC_NOTIFICATION_MESSAGE ? message : null;
};

/**
 * Verifies a notification body: signature_key must equal SHA-512(order_id + status_code + gross_amount +
 * server key), compared in constant time, before anything else in the body is believed; then the signed
 * status_code must be one that goes with the transaction_status the body claims.
 */
export function verifyNotificationBody(body: unknown, serverKey: string): PaymentNotification {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new SignatureRejected('Notification body must be a JSON object');
  const b = body as Body;
  const orderId = b.order_id, statusCode = b.status_code, grossAmount = b.gross_amount, given = b.signature_key;
  if (typeof orderId !== 'string' || typeof statusCode !== 'string' || typeof grossAmount !== 'string' || typeof given !== 'string') {
    throw new SignatureRejected('order_id, status_code, gross_amount and signature_key are required');
  }
  const expected = Buffer.from(signatureKey(orderId, statusCode, grossAmount, serverKey), 'utf8');
  const actual = Buffer.from(given.toLowerCase(), 'utf8');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new SignatureRejected();
  const transactionStatus = str(b.transaction_status);
  if (!transactionStatus || !statusCodeMatches(statusCode, transactionStatus)) {
    throw new SignatureRejected(`The signed status_code ${statusCode} does not match transaction_status ${transactionStatus ?? '(none)'}`);
  }
  const report = toReport(b);
  // What moves money was signed as a success: a capture under review (201) claimed as accepted is refused too.
  if ((report.outcome === 'settled' || report.outcome === 'refunded') && statusCode !== '200') {
    throw new SignatureRejected(`The signed status_code ${statusCode} does not match a ${transactionStatus} that moves money`);
  }
  return report;
}

/**
 * Which Midtrans payment_type serves each of our methods.
 * - gopay: payment_type gopay (QR image on desktop, deeplink to the Gojek/GoPay app on phones).
 * - qris: payment_type qris (QR string, payable from any QRIS app).
 * - ovo: Midtrans' direct OVO charge (payment_type ovo) needs the payer's OVO phone number, which this app
 *   does not collect; OVO's app pays any QRIS code, so OVO is charged as QRIS and the customer scans it in OVO.
 * - google_pay, apple_pay: not charged through Midtrans here (Midtrans offers Google Pay for cards through
 *   its own flow and no Apple Pay in Core API); refused with a clear message rather than sent as something else.
 * - card: not a Core API charge; a Snap transaction (snapBody), whose hosted page takes the card.
 */
function midtransPaymentType(method: PaymentMethod): 'gopay' | 'qris' {
  switch (method) {
    case 'gopay':
      return 'gopay';
    case 'qris':
    case 'ovo':
      return 'qris';
    case 'google_pay':
      throw new GatewayRejected('Google Pay is not enabled for this payment gateway');
    case 'apple_pay':
      throw new GatewayRejected('Apple Pay is not enabled for this payment gateway');
    case 'card':
      throw new GatewayRejected('A card is paid on the hosted page (Snap), not charged directly');
  }
}

/** What every Midtrans order states: its id and amount, the one item, and the customer as far as known. */
function orderDetails(request: ChargeRequest): Body {
  const customer: Body = {};
  if (request.customer.firstName) customer.first_name = request.customer.firstName.slice(0, 255);
  if (request.customer.lastName) customer.last_name = request.customer.lastName.slice(0, 255);
  if (request.customer.email) customer.email = request.customer.email;
  return {
    transaction_details: { order_id: request.orderId, gross_amount: request.amount },
    item_details: [{ id: ['PU', 'GO'].includes(request.orderId.slice(0, 2)) ? 'refill' : 'wallet-topup', price: request.amount, quantity: 1, name: request.itemName.slice(0, 50) }],
    ...(Object.keys(customer).length ? { customer_details: customer } : {}),
  };
}

/** The POST /v2/charge body for a request. */
export function chargeBody(request: ChargeRequest): Body {
  const paymentType = midtransPaymentType(request.method);
  return {
    payment_type: paymentType,
    ...orderDetails(request),
    ...(paymentType === 'gopay' ? { gopay: request.returnUrl ? { enable_callback: true, callback_url: request.returnUrl } : { enable_callback: false } } : { qris: { acquirer: 'gopay' } }),
  };
}

/**
 * The Snap transaction of a card payment (`POST /snap/v1/transactions`): the hosted page offers the card only
 * (`enabled_payments`), with 3-D Secure, and its "finish" brings the payer back to `returnUrl` (the order's page).
 */
export function snapBody(request: ChargeRequest): Body {
  return {
    ...orderDetails(request),
    enabled_payments: ['credit_card'],
    credit_card: { secure: true },
    ...(request.returnUrl ? { callbacks: { finish: request.returnUrl } } : {}),
  };
}

/**
 * A Snap answer -> ChargeResult: 201 `{ token, redirect_url }` is a pending order whose payer goes to the hosted page;
 * 4xx `{ error_messages }` is refused, 5xx unavailable. Nothing is paid yet: the notification says when it is.
 */
export function parseSnapResponse(httpStatus: number, body: unknown): ChargeResult {
  const b = (body && typeof body === 'object' ? body : {}) as Body;
  const messages = Array.isArray(b.error_messages) ? (b.error_messages as unknown[]).join('; ') : null;
  if (httpStatus >= 500) throw new GatewayUnavailable(`Midtrans Snap answered ${httpStatus}: ${messages ?? 'server error'}`);
  if (httpStatus >= 400) throw new GatewayRejected(messages ?? `Midtrans Snap refused the transaction (${httpStatus})`, String(httpStatus));
  const redirectUrl = str(b.redirect_url);
  if (!redirectUrl?.startsWith('https://')) throw new GatewayUnavailable('Midtrans Snap answered without a redirect_url');
  return { transactionId: null, outcome: 'pending', gatewayStatus: 'pending', qrString: null, qrImageUrl: null, deeplink: null, redirectUrl, expiresAt: null, message: null };
}

/** A /v2/charge answer -> ChargeResult. Midtrans puts its own status_code in the body (201 pending, 200 paid, 202 denied, 4xx/5xx errors). */
export function parseChargeResponse(httpStatus: number, body: unknown, method: PaymentMethod): ChargeResult {
  const b = (body && typeof body === 'object' ? body : {}) as Body;
  const code = str(b.status_code) ?? String(httpStatus);
  const message = str(b.status_message) ?? (Array.isArray(b.validation_messages) ? (b.validation_messages as unknown[]).join('; ') : null);
  if (httpStatus >= 500 || code.startsWith('5')) throw new GatewayUnavailable(`Midtrans answered ${code}: ${message ?? 'server error'}`);
  if (httpStatus >= 400 || code.startsWith('4')) throw new GatewayRejected(message ?? `Midtrans refused the charge (${code})`, code);
  const status = str(b.transaction_status);
  if (!status) throw new GatewayUnavailable('Midtrans answered without a transaction_status');
  const actions = Array.isArray(b.actions) ? (b.actions as Body[]) : [];
  const action = (name: string) => str(actions.find((a) => a.name === name)?.url);
  const qrString = str(b.qr_string);
  const outcome = mapStatus(status, str(b.fraud_status));
  return {
    transactionId: str(b.transaction_id),
    outcome,
    gatewayStatus: status,
    qrString,
    qrImageUrl: qrString ? null : action('generate-qr-code'),
    deeplink: method === 'gopay' ? action('deeplink-redirect') : null,
    redirectUrl: null,
    expiresAt: parseMidtransTime(b.expiry_time),
    message: outcome === 'failed' ? message : null,
  };
}

/** A /v2/{order_id}/status answer -> report, or null when Midtrans does not know the order (status_code 404). */
export function parseStatusResponse(httpStatus: number, body: unknown): PaymentNotification | null {
  const b = (body && typeof body === 'object' ? body : {}) as Body;
  const code = str(b.status_code) ?? String(httpStatus);
  if (code === '404') return null;
  if (httpStatus >= 500 || code.startsWith('5')) throw new GatewayUnavailable(`Midtrans status answered ${code}`);
  if (httpStatus >= 400 || (code.startsWith('4') && !str(b.transaction_status))) throw new GatewayRejected(str(b.status_message) ?? `Midtrans status answered ${code}`, code);
  return toReport(b);
}

/**
 * The body of Midtrans' direct refund (`POST /v2/{order_id}/refund/online/direct`, the refund of GoPay and QRIS
 * payments): Midtrans makes one refund per `refund_key`.
 */
export function refundBody(request: RefundRequest): Body {
  return { refund_key: request.key, amount: request.amount, reason: request.reason.slice(0, 255) };
}

/** A refund answer -> the refund made. 4xx (not refundable, beyond the window, a used key): GatewayRejected; 5xx: GatewayUnavailable. */
export function parseRefundResponse(httpStatus: number, body: unknown, request: RefundRequest): GatewayRefund {
  const b = (body && typeof body === 'object' ? body : {}) as Body;
  const code = str(b.status_code) ?? String(httpStatus);
  const message = str(b.status_message);
  if (httpStatus >= 500 || code.startsWith('5')) throw new GatewayUnavailable(`Midtrans refund answered ${code}: ${message ?? 'server error'}`);
  if (httpStatus >= 400 || code !== '200') throw new GatewayRejected(message ?? `Midtrans refused the refund (${code})`, code);
  const amount = b.refund_amount === undefined ? request.amount : parseGrossAmount(b.refund_amount);
  return { key: str(b.refund_key) ?? request.key, amount };
}
