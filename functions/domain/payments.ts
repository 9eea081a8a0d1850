import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { TopupStatus } from '../../shared/routes';
import type { Clock } from '../ports/clock';
import type { Ledger } from '../ports/ledger';
import { consoleLog, type Log } from '../ports/log';
import type { GatewayRefund, PaymentGateway, PaymentNotification } from '../ports/payment-gateway';
import type { PaymentOrder, PaymentOrders, PurchaseOrder } from '../ports/topups';
import { TransactionPartRejected } from '../ports/transaction';
import { invalid, unavailable } from './errors';

/**
 * Money in from the payment gateway. A payment order (top-up or wallet purchase) is pending until the
 * gateway reports it; the wallet is credited once, when the gateway says settled (ledger idempotency
 * key = the order id), never on pending, expire, deny or cancel. A refund after settling takes the refunded
 * rupiah back out of the wallet, once per gateway refund key and never more than was paid; what the wallet no
 * longer holds is recorded as owed. A notification moves money only when the gateway's status API confirms it
 * (docs/architecture.md, Payments).
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

/**
 * What a report did: credited (or found credited), failed or expired the order, took refunds back (`refundOwed`
 * when the wallet could not cover one and the rest is owed), nothing (pending, ignored), or nothing because the
 * gateway's status did not confirm what the notification claimed (`unconfirmed`).
 */
export type ReportResult = 'credited' | 'already-credited' | 'failed' | 'expired' | 'refunded' | 'refundOwed' | 'pending' | 'ignored' | 'unconfirmed';

/**
 * Applies one gateway report to its order. Reports that move money must be proof: the status API's answer or the
 * charge call's own (authenticated calls); a notification is applied itself only when it moves none (handleNotification).
 * Safe to call any number of times with the same report, concurrently and out of order: the ledger's idempotency
 * keys make each credit and refund happen once, and status changes are conditional.
 */
export async function applyGatewayReport(
  order: PaymentOrder,
  report: PaymentNotification,
  deps: PaymentDeps,
  { proven = true }: { proven?: boolean } = {},
): Promise<{ result: ReportResult | 'superseded'; order: PaymentOrder }> {
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
      const { credit, order: credited } = await creditOnce(order, report, deps);
      let updated = credited;
      if (updated.kind === 'purchase' && !updated.sessionId && deps.afterPurchasePaid) updated = await deps.afterPurchasePaid(updated);
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
        // It changed under us (settled meanwhile): apply to what it is now. A report that is not proof and would now
        // move money (a cancel of what was just credited) goes back to be confirmed first.
        const now = await deps.orders.get(order.orderId);
        if (!now) return { result: 'ignored', order };
        if (!proven && movesMoney(now, report)) return { result: 'superseded', order: now };
        return applyGatewayReport(now, report, deps, { proven });
      }
      // A capture voided after it was credited ('cancel') gives the money back: take it out of the wallet.
      if ((order.status === 'settled' || order.status === 'refunded') && report.gatewayStatus === 'cancel') {
        return takeBackRefunds(order, [{ key: 'cancel', amount: order.amount - (order.refunded ?? 0) }], report.gatewayStatus, deps);
      }
      if (order.status === 'settled') log.warn(`gateway reported ${report.gatewayStatus} for a settled order: ignored`, { orderId: order.orderId });
      return { result: 'ignored', order };
    }

    case 'refunded': {
      // A refund follows a payment: the payment is credited first (once; no refill is started for it), then each
      // refund the gateway lists is taken back once.
      const { order: credited } = await creditOnce(order, report, deps);
      const refunds = report.refunds.length ? report.refunds : report.refundKey ? [{ key: report.refundKey, amount: report.refundAmount ?? report.grossAmount }] : [];
      return takeBackRefunds(credited, refunds, report.gatewayStatus, deps);
    }
  }
}

/** Credits the order's amount once (ledger key = the order id) and marks the order settled. */
async function creditOnce(order: PaymentOrder, report: PaymentNotification, deps: PaymentDeps) {
  const log = deps.log ?? consoleLog;
  const credit = await deps.ledger.post(order.userId, 'topup', order.amount, order.orderId, {
    reference: order.orderId,
    actor: 'gateway',
    paymentMethod: order.paymentMethod,
    note: order.kind === 'purchase' ? `Paid for ${order.volumeMl / 1000} L at ${order.machineName}` : undefined,
  });
  let updated = order;
  if (order.status !== 'settled' && order.status !== 'refunded') {
    if (order.status !== 'pending') log.warn('gateway settled an order it had reported as ' + order.status, { orderId: order.orderId });
    updated = (await deps.orders.update(
      order.orderId,
      { gatewayStatus: report.gatewayStatus, ...(report.transactionId ? { transactionId: report.transactionId } : {}), status: 'settled', message: null, creditedAt: credit.entries[0]?.createdAt ?? deps.clock.now().toISOString() },
      ['pending', 'failed', 'expired'],
    )) ?? (await deps.orders.get(order.orderId)) ?? order;
  }
  log.info(credit.replayed ? 'payment settled again: already credited' : 'payment settled: wallet credited', { orderId: order.orderId, amount: order.amount, balance: credit.balance });
  return { credit, order: updated };
}

/**
 * Takes gateway refunds back out of the wallet: once per refund key (the ledger's idempotency key and the order's
 * list of keys), never more than was paid in all (the order's `refunded`, conditioned in the same transaction), and
 * what the wallet no longer holds is owed by the user rather than lost.
 */
async function takeBackRefunds(order: PaymentOrder, refunds: GatewayRefund[], gatewayStatus: string, deps: PaymentDeps): Promise<{ result: ReportResult; order: PaymentOrder }> {
  const log = deps.log ?? consoleLog;
  let current = order;
  let owed = 0;
  for (const refund of refunds) {
    for (let attempt = 0; attempt < 10; attempt++) {
      if ((current.refundKeys ?? []).includes(refund.key)) break;
      const seen = current.refunded ?? 0;
      const amount = Math.min(Math.round(refund.amount), current.amount - seen);
      if (amount <= 0) {
        log.warn('refund beyond what was paid: nothing more taken back', { orderId: order.orderId, refundKey: refund.key, refund: refund.amount, paid: current.amount, refunded: seen });
        break;
      }
      try {
        const result = await deps.ledger.charge(current.userId, 'adjustment', amount, `refund:${order.orderId}:${refund.key}`, {
          reference: order.orderId,
          actor: 'gateway',
          paymentMethod: order.paymentMethod,
          note: `Refunded by the payment gateway (${gatewayStatus})`,
        }, { together: deps.orders.refunding(order.orderId, { key: refund.key, amount }, seen, gatewayStatus) });
        const short = result.replayed ? 0 : result.entries.find((e) => e.type === 'receivable')?.owed ?? 0;
        owed += short;
        if (short) log.warn('refund exceeds the wallet balance: the rest is owed', { orderId: order.orderId, refundKey: refund.key, amount, owed: short });
        else log.info('payment refunded: wallet debited', { orderId: order.orderId, refundKey: refund.key, amount, replayed: result.replayed });
      } catch (error) {
        // Another refund of this order was recorded meanwhile: read it again and recompute what is left.
        if (!(error instanceof TransactionPartRejected)) throw error;
      }
      current = (await deps.orders.get(order.orderId)) ?? current;
    }
  }
  return { result: owed ? 'refundOwed' : 'refunded', order: current };
}

// ---------------------------------------------------------------------------------------------------------
// Webhook and status polling

/** Whether a report, if it were true, would move money for this order: only those need the gateway's confirmation. */
const movesMoney = (order: PaymentOrder, report: PaymentNotification) =>
  report.outcome === 'settled' || report.outcome === 'refunded' || (report.gatewayStatus === 'cancel' && (order.status === 'settled' || order.status === 'refunded'));

/**
 * Whether the gateway's own status of the order (asked with the server key: the proof) agrees with what a
 * notification claims. A settlement is confirmed by a settled or since refunded order; a refund only when the
 * gateway lists that refund key with that amount; anything else by the same status.
 */
export function confirms(claim: PaymentNotification, status: PaymentNotification | null): boolean {
  if (!status || status.orderId !== claim.orderId || status.grossAmount !== claim.grossAmount) return false;
  switch (claim.outcome) {
    case 'settled':
      return status.outcome === 'settled' || status.outcome === 'refunded';
    case 'refunded': {
      if (status.outcome !== 'refunded') return false;
      if (!claim.refundKey) return status.refunds.length > 0;
      return status.refunds.some((r) => r.key === claim.refundKey && (claim.refundAmount === null || r.amount === claim.refundAmount));
    }
    default:
      return status.gatewayStatus === claim.gatewayStatus;
  }
}

/**
 * POST /api/payments/notification: verify the signature (and that its status_code goes with its status), find
 * the order, and apply. Notifications that would move money are confirmed with the gateway's status API first and
 * the gateway's status is what is applied; one it does not confirm (a replay rewritten to another status, a
 * made-up refund) is acknowledged and moves nothing. Unknown orders are acknowledged (logged) so the gateway stops
 * retrying; a bad signature is refused before anything is read from the body.
 */
export async function handleNotification(body: unknown, deps: PaymentDeps): Promise<{ ok: true; result: ReportResult }> {
  const log = deps.log ?? consoleLog;
  const report = await deps.gateway.verifyNotification(body);
  let order = orderKind(report.orderId) ? await deps.orders.get(report.orderId) : null;
  if (!order) {
    log.warn('payment notification for an unknown order: acknowledged, ignored', { orderId: report.orderId, gatewayStatus: report.gatewayStatus });
    return { ok: true, result: 'ignored' };
  }
  if (report.grossAmount !== order.amount) {
    log.warn('payment report amount differs from the order: not applied', { orderId: order.orderId, reported: report.grossAmount, ordered: order.amount });
    throw invalid('The reported amount does not match the order');
  }
  if (!movesMoney(order, report)) {
    const applied = await applyGatewayReport(order, report, deps, { proven: false });
    if (applied.result !== 'superseded') return { ok: true, result: applied.result };
    order = applied.order;
  }

  let status: PaymentNotification | null;
  try {
    status = await deps.gateway.status({ orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt });
  } catch (error) {
    // Not confirmed yet: answer 503 so that the gateway delivers the notification again later.
    log.warn('gateway status unavailable: notification not applied yet', { orderId: order.orderId, error: (error as Error).message });
    throw unavailable('The payment gateway could not confirm this notification; try again later');
  }
  if (!confirms(report, status)) {
    log.warn('payment notification not confirmed by the gateway status: nothing moved', {
      orderId: order.orderId, claimed: report.gatewayStatus, refundKey: report.refundKey, gateway: status?.gatewayStatus ?? null,
    });
    return { ok: true, result: 'unconfirmed' };
  }
  const { result } = await applyGatewayReport(order, status!, deps);
  return { ok: true, result: result === 'superseded' ? 'ignored' : result };
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
