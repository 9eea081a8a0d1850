import { createHash } from 'node:crypto';
import { consoleLog } from '../../platform/ports/log';
import { GatewayRejected, type PaymentNotification } from '../ports/payment-gateway';
import type { PaymentOrder } from '../ports/payment-orders';
import { PAYMENT_RETURN_PARAMS } from '@shared/constants';
import { DomainError, invalid, unavailable } from '../../platform/domain/errors';
import type { PaymentDeps } from './payment-deps';
import { applyGatewayReport } from './payment-reports';
import type { SignedInPerson } from '../../platform/ports/caller-directory';
import type { Language } from '@shared/language';
import * as texts from './texts';

/**
 * Payment orders (top-ups and wallet purchases) from the request to the gateway's charge: their ids, the
 * Idempotency-Key rules and the charge itself. What the gateway reports afterwards is payment-reports.ts.
 */


// ---------------------------------------------------------------------------------------------------------
// Order ids and idempotency

const TOPUP_PREFIX = 'TU-';
const PURCHASE_PREFIX = 'PU-';
const GUEST_PREFIX = 'GO-';
type OrderKind = 'topup' | 'purchase' | 'guest';
const PREFIXES: Record<OrderKind, string> = { topup: TOPUP_PREFIX, purchase: PURCHASE_PREFIX, guest: GUEST_PREFIX };
/** How every order id of a kind begins. */
export const orderIdPrefix = (kind: OrderKind) => PREFIXES[kind];

/** Idempotency-Key header: what a browser sends (a UUID) and a bit more, never more than 128 safe characters. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:~-]{8,128}$/;

export function requireIdempotencyKey(value: string | undefined): string {
  const key = value?.trim();
  if (!key) throw invalid(texts.idempotencyKeyMissing);
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid(texts.idempotencyKeyMalformed);
  return key;
}

/**
 * The gateway order id of a request: derived from the user and their Idempotency-Key, so a retried request
 * finds its first order (and the gateway refuses a second charge of the same id). Midtrans allows 50
 * characters of [A-Za-z0-9-_.~]; this is 35.
 */
export function orderIdFor(kind: OrderKind, userId: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(`${kind}\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32);
  return PREFIXES[kind] + digest;
}

export function orderKind(orderId: string): OrderKind | null {
  return (Object.keys(PREFIXES) as OrderKind[]).find((kind) => orderId.startsWith(PREFIXES[kind])) ?? null;
}

/** A new order's state before the gateway is asked: pending, not charged, nothing from the gateway yet. */
export const newOrderState = (now: string) => ({
  status: 'pending' as const,
  chargeState: 'new' as const,
  transactionId: null,
  gatewayStatus: null,
  qrString: null,
  qrImageUrl: null,
  deeplink: null,
  redirectUrl: null,
  message: null,
  expiresAt: null,
  createdAt: now,
  updatedAt: now,
});

/** The request an Idempotency-Key was first used with; the same key with another request is refused. */
export function fingerprintOf(parts: (string | number | null | undefined)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

// ---------------------------------------------------------------------------------------------------------
// The charge

/**
 * The page of the site the gateway's return brings the payer back to after paying in another app (docs/payments.md,
 * "Paying as a foreigner"): a guest to the station's page (frontend/src/routes/s.$id.tsx), which finds the order in
 * the browser's own storage, so the receipt's secret never goes to the gateway; a top-up to the app's home, which
 * follows the top-up again (frontend/src/routes/app/index.tsx). A purchase is paid by card wallets only: no return.
 */
export function returnPathOf(order: PaymentOrder): string | null {
  switch (order.kind) {
    case 'guest':
      return `/s/${encodeURIComponent(order.machineId)}?${PAYMENT_RETURN_PARAMS.station}=1`;
    case 'topup':
      return `/app?${PAYMENT_RETURN_PARAMS.topup}=${encodeURIComponent(order.orderId)}`;
    case 'purchase':
      return null;
  }
}

const returnUrlOf = (order: PaymentOrder, deps: PaymentDeps): { returnUrl?: string } => {
  const path = returnPathOf(order);
  return path && deps.siteLink ? { returnUrl: deps.siteLink(path) } : {};
};

/** A retry whose first attempt is younger than this is assumed to be still in flight: it is not charged again. */
const IN_FLIGHT_MS = 15_000;

/**
 * Sends the order's charge to the gateway and records what it answered. A charge the gateway declines
 * outright fails the order; one that may or may not have reached the gateway (timeout, 5xx) leaves the
 * order pending with chargeState 'unknown' and answers 503: a retry with the same Idempotency-Key asks the
 * gateway for the order's status before charging again, so it can never be charged twice.
 */
export async function chargeOrder(
  order: PaymentOrder,
  options: { itemName: string; walletToken?: string; payer: SignedInPerson; language?: Language; retry: boolean },
  deps: PaymentDeps,
): Promise<PaymentOrder> {
  const log = deps.log ?? consoleLog;
  if (options.retry) {
    if (order.chargeState === 'charged' || order.status !== 'pending') return order;
    const age = deps.clock.now().getTime() - Date.parse(order.createdAt);
    if (order.chargeState === 'new' && age < IN_FLIGHT_MS) return order;
    const known = await deps.paymentGateway.status({ orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt }).catch(() => null);
    if (known) {
      await deps.paymentOrders.update(order.orderId, { chargeState: 'charged' });
      return (await applyGatewayReport(order, known, deps)).order;
    }
  }

  let result;
  try {
    result = await deps.paymentGateway.charge({
      orderId: order.orderId,
      amount: order.amount,
      method: order.paymentMethod,
      walletToken: options.walletToken,
      customer: { id: options.payer.sub, email: options.payer.email, firstName: options.payer.givenName, lastName: options.payer.familyName },
      itemName: options.itemName,
      ...(options.language ? { language: options.language } : {}),
      ...returnUrlOf(order, deps),
    });
  } catch (error) {
    if (error instanceof GatewayRejected) {
      log.warn('gateway rejected the charge', { orderId: order.orderId, error: error.message, statusCode: error.statusCode });
      return (await deps.paymentOrders.update(order.orderId, { chargeState: 'charged', status: 'failed', message: error.message }, ['pending'])) ?? order;
    }
    if (error instanceof DomainError) throw error;
    log.warn('gateway unreachable during a charge; the order stays pending', { orderId: order.orderId, error: (error as Error).message });
    await deps.paymentOrders.update(order.orderId, { chargeState: 'unknown' });
    throw unavailable(texts.gatewayUnreachable);
  }

  const recorded = (await deps.paymentOrders.update(order.orderId, {
    chargeState: 'charged',
    ...(result.transactionId ? { transactionId: result.transactionId } : {}),
    qrString: result.qrString,
    qrImageUrl: result.qrImageUrl,
    deeplink: result.deeplink,
    redirectUrl: result.redirectUrl,
    expiresAt: result.expiresAt,
  })) ?? order;
  // What the charge call itself answered is as trustworthy as a notification: it came over our authenticated call.
  const report: PaymentNotification = {
    orderId: order.orderId,
    transactionId: result.transactionId,
    outcome: result.outcome,
    gatewayStatus: result.gatewayStatus,
    fraudStatus: null,
    paymentType: null,
    grossAmount: order.amount,
    refundAmount: null,
    refundKey: null,
    refunds: [],
    message: result.message,
  };
  return (await applyGatewayReport(recorded, report, deps)).order;
}
