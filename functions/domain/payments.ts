import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { TopupStatus } from '../../shared/routes';
import type { Clock } from '../ports/clock';
import type { Ledger } from '../ports/ledger';
import { consoleLog, type Log } from '../ports/log';
import type { PaymentGateway, PaymentNotification } from '../ports/payment-gateway';
import type { PaymentOrder, PaymentOrders, PurchaseOrder } from '../ports/topups';
import { DomainError, invalid } from './errors';

/**
 * Money in from the payment gateway. A payment order (top-up or wallet purchase) is pending until the
 * gateway reports it; the wallet is credited once, when the gateway says settled (ledger idempotency
 * key = the order id), never on pending, expire, deny or cancel. A refund after settling takes the refunded
 * rupiah back out of the wallet, once per gateway refund.
 */


export interface PaymentDeps {
  orders: PaymentOrders;
  gateway: PaymentGateway;
  ledger: Ledger;
  clock: Clock;
  log?: Log;
  /** Called once a wallet purchase is paid and credited: opens the refill session it paid for. */
  afterPurchasePaid?: (order: PurchaseOrder) => Promise<PurchaseOrder>;
}

// ---------------------------------------------------------------------------------------------------------
// Order ids

export const TOPUP_PREFIX = 'TU-';
export const PURCHASE_PREFIX = 'PU-';

/** Idempotency-Key header: what a browser sends (a UUID) and a bit more, never more than 128 safe characters. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:~-]{8,128}$/;

export function requireIdempotencyKey(value: string | undefined): string {
  const key = value?.trim();
  if (!key) throw invalid('The Idempotency-Key header is required (a fresh UUID per payment; resend the same one to retry)');
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid('The Idempotency-Key header must be 8 to 128 letters, digits or - _ . : ~');
  return key;
}

/**
 * The gateway order id of a request: derived from the user and their Idempotency-Key, so a retried request
 * finds its first order (and the gateway refuses a second charge of the same id). Midtrans allows 50
 * characters of [A-Za-z0-9-_.~]; this is 35.
 */
export function orderIdFor(kind: 'topup' | 'purchase', userId: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(`${kind}\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32);
  return (kind === 'topup' ? TOPUP_PREFIX : PURCHASE_PREFIX) + digest;
}

export function orderKind(orderId: string): 'topup' | 'purchase' | null {
  if (orderId.startsWith(TOPUP_PREFIX)) return 'topup';
  if (orderId.startsWith(PURCHASE_PREFIX)) return 'purchase';
  return null;
}

/** The request an Idempotency-Key was first used with; the same key with another request is refused. */
/** A new order's state before the gateway is asked: pending, not charged, nothing from the gateway yet. */
export const newOrderState = (now: string) => ({
  status: 'pending' as const,
  chargeState: 'new' as const,
  transactionId: null,
  gatewayStatus: null,
  qrString: null,
  qrImageUrl: null,
  deeplink: null,
  message: null,
  expiresAt: null,
  createdAt: now,
  updatedAt: now,
});

export function fingerprintOf(parts: (string | number | null | undefined)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

// ---------------------------------------------------------------------------------------------------------
// What the browser sees

export function toTopupStatus(order: PaymentOrder): z.infer<typeof TopupStatus> {
  return {
    id: order.orderId,
    status: order.status,
    amount: order.amount,
    paymentMethod: order.paymentMethod,
    qrString: order.status === 'pending' ? order.qrString : null,
    qrImageUrl: order.status === 'pending' ? order.qrImageUrl : null,
    deeplink: order.status === 'pending' ? order.deeplink : null,
    message: order.message,
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
  };
}

export const FAILURE_MESSAGES = {
  failed: 'The payment was declined or cancelled',
  expired: 'The payment was not completed in time',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Applying what the gateway says

export type ReportResult = 'credited' | 'already-credited' | 'failed' | 'expired' | 'refunded' | 'pending' | 'ignored';

/**
 * Applies one verified gateway report (webhook or status query) to its order. Safe to call any number of
 * times with the same report, concurrently and out of order: the ledger's idempotency key makes the credit
 * happen once, and status changes are conditional.
 */
export async function applyGatewayReport(order: PaymentOrder, report: PaymentNotification, deps: PaymentDeps): Promise<{ result: ReportResult; order: PaymentOrder }> {
  const log = deps.log ?? consoleLog;
  if (report.orderId !== order.orderId) throw new Error(`report for ${report.orderId} applied to ${order.orderId}`);
  if (report.grossAmount !== order.amount) {
    log.warn('payment report amount differs from the order: not applied', { orderId: order.orderId, reported: report.grossAmount, ordered: order.amount });
    throw invalid('The reported amount does not match the order');
  }
  const gatewayFields = {
    gatewayStatus: report.gatewayStatus,
    ...(report.transactionId ? { transactionId: report.transactionId } : {}),
  };

  switch (report.outcome) {
    case 'pending': {
      if (order.status !== 'pending') return { result: 'ignored', order };
      const updated = await deps.orders.update(order.orderId, gatewayFields, ['pending']);
      return { result: 'pending', order: updated ?? order };
    }

    case 'settled': {
      if (order.status === 'refunded') return { result: 'ignored', order };
      const credit = await deps.ledger.post(order.userId, 'topup', order.amount, order.orderId, {
        reference: order.orderId,
        actor: 'gateway',
        paymentMethod: order.paymentMethod,
        note: order.kind === 'purchase' ? `Paid for ${order.volumeMl / 1000} L at ${order.machineName}` : undefined,
      });
      let updated = order;
      if (order.status !== 'settled') {
        if (order.status !== 'pending') log.warn('gateway settled an order it had reported as ' + order.status, { orderId: order.orderId });
        updated = (await deps.orders.update(
          order.orderId,
          { ...gatewayFields, status: 'settled', message: null, creditedAt: credit.entries[0]?.createdAt ?? deps.clock.now().toISOString() },
          ['pending', 'failed', 'expired'],
        )) ?? (await deps.orders.get(order.orderId)) ?? order;
      }
      if (updated.kind === 'purchase' && !updated.sessionId && deps.afterPurchasePaid) updated = await deps.afterPurchasePaid(updated);
      log.info(credit.replayed ? 'payment settled again: already credited' : 'payment settled: wallet credited', { orderId: order.orderId, amount: order.amount, balance: credit.balance });
      return { result: credit.replayed ? 'already-credited' : 'credited', order: updated };
    }

    case 'failed':
    case 'expired': {
      if (order.status === 'pending') {
        const updated = await deps.orders.update(order.orderId, { ...gatewayFields, status: report.outcome, message: report.message ?? FAILURE_MESSAGES[report.outcome] }, ['pending']);
        if (updated) {
          log.info(`payment ${report.outcome}: nothing credited`, { orderId: order.orderId, gatewayStatus: report.gatewayStatus });
          return { result: report.outcome, order: updated };
        }
        // It changed under us (settled meanwhile): apply to what it is now.
        const now = await deps.orders.get(order.orderId);
        return now ? applyGatewayReport(now, report, deps) : { result: 'ignored', order };
      }
      // A capture voided after it was credited ('cancel') gives the money back: take it out of the wallet.
      if (order.status === 'settled' && report.gatewayStatus === 'cancel') return takeBack(order, { ...report, refundAmount: order.amount, refundKey: 'cancel' }, deps);
      if (order.status === 'settled') log.warn(`gateway reported ${report.gatewayStatus} for a settled order: ignored`, { orderId: order.orderId });
      return { result: 'ignored', order };
    }

    case 'refunded': {
      if (order.status === 'settled' || order.status === 'refunded') return takeBack(order, report, deps);
      log.warn('refund reported for an order that was never credited: ignored', { orderId: order.orderId, status: order.status });
      return { result: 'ignored', order };
    }
  }
}

/** A gateway refund (or void) of a credited order: debit the refunded rupiah once per refund key. */
async function takeBack(order: PaymentOrder, report: PaymentNotification, deps: PaymentDeps): Promise<{ result: ReportResult; order: PaymentOrder }> {
  const log = deps.log ?? consoleLog;
  const amount = Math.min(order.amount, Math.round(report.refundAmount ?? report.grossAmount));
  if (amount <= 0) return { result: 'ignored', order };
  const key = `refund:${order.orderId}:${report.refundKey ?? 'full'}`;
  try {
    const result = await deps.ledger.post(order.userId, 'adjustment', -amount, key, {
      reference: order.orderId,
      actor: 'gateway',
      paymentMethod: order.paymentMethod,
      note: `Refunded by the payment gateway (${report.gatewayStatus})`,
    });
    const refunded = result.replayed ? order.refunded ?? amount : (order.refunded ?? 0) + amount;
    const updated = await deps.orders.update(order.orderId, { status: 'refunded', gatewayStatus: report.gatewayStatus, refunded, message: 'The payment was refunded' }, ['settled', 'refunded']);
    log.info('payment refunded: wallet debited', { orderId: order.orderId, amount, replayed: result.replayed });
    return { result: 'refunded', order: updated ?? order };
  } catch (error) {
    if (!(error instanceof DomainError && error.status === 409)) throw error;
    // The money was already spent on water: the debit cannot be taken without a negative balance. Flag it for an admin.
    log.warn('refund exceeds the wallet balance: needs an admin adjustment', { orderId: order.orderId, amount, error: error.message });
    const updated = await deps.orders.update(order.orderId, { status: 'refunded', gatewayStatus: report.gatewayStatus, message: `Refund of Rp ${amount} could not be taken from the wallet (balance too low); needs review` }, ['settled', 'refunded']);
    return { result: 'refunded', order: updated ?? order };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Webhook and status polling

/**
 * POST /api/payments/notification: verify the signature, find the order, apply. Answers quickly; unknown
 * orders are acknowledged (logged) so the gateway stops retrying; a bad signature is refused before
 * anything is read from the body.
 */
export async function handleNotification(body: unknown, deps: PaymentDeps): Promise<{ ok: true; result: ReportResult }> {
  const log = deps.log ?? consoleLog;
  const report = await deps.gateway.verifyNotification(body);
  const order = orderKind(report.orderId) ? await deps.orders.get(report.orderId) : null;
  if (!order) {
    log.warn('payment notification for an unknown order: acknowledged, ignored', { orderId: report.orderId, gatewayStatus: report.gatewayStatus });
    return { ok: true, result: 'ignored' };
  }
  const { result } = await applyGatewayReport(order, report, deps);
  return { ok: true, result };
}

/** A pending order whose notification is overdue is checked with the gateway's status API (at most every few seconds). */
export const STATUS_CHECK_AFTER_MS = 4_000;
/** An order whose charge never reached the gateway (the gateway does not know it) is failed after this long. */
export const UNKNOWN_CHARGE_FAILS_AFTER_MS = 120_000;

export async function refreshFromGateway(order: PaymentOrder, deps: PaymentDeps): Promise<PaymentOrder> {
  if (order.status !== 'pending') return order;
  const now = deps.clock.now().getTime();
  const age = now - Date.parse(order.createdAt);
  const sinceCheck = order.checkedAt ? now - Date.parse(order.checkedAt) : Infinity;
  if (age < STATUS_CHECK_AFTER_MS || sinceCheck < STATUS_CHECK_AFTER_MS) return order;
  const log = deps.log ?? consoleLog;
  await deps.orders.update(order.orderId, { checkedAt: new Date(now).toISOString() });
  let report: PaymentNotification | null;
  try {
    report = await deps.gateway.status({ orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt });
  } catch (error) {
    log.warn('gateway status check failed; the order stays pending', { orderId: order.orderId, error: (error as Error).message });
    return order;
  }
  if (!report) {
    if (order.chargeState !== 'charged' && age > UNKNOWN_CHARGE_FAILS_AFTER_MS) {
      return (await deps.orders.update(order.orderId, { status: 'failed', message: 'The payment could not be started' }, ['pending'])) ?? order;
    }
    return order;
  }
  try {
    return (await applyGatewayReport(order, report, deps)).order;
  } catch (error) {
    log.warn('gateway status could not be applied', { orderId: order.orderId, error: (error as Error).message });
    return order;
  }
}
