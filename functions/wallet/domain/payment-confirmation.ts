import { consoleLog } from '../../platform/ports/log';
import { SignatureRejected, type PaymentNotification } from '../ports/payment-gateway';
import type { PaymentOrder } from '../ports/payment-orders';
import { forbidden, invalid, unavailable } from '../../platform/domain/errors';
import { orderKind } from './payment-orders';
import type { PaymentDeps } from './payment-deps';
import { applyGatewayReport, movesMoney, type ReportResult } from './payment-reports';

/**
 * How gateway reports arrive and become proof: the webhook (a notification moves money only when the gateway's
 * status API confirms it) and the status polling of overdue pending orders.
 */

/**
 * Whether the gateway's own status of the order (asked with the server key: the proof) agrees with what a
 * notification claims. A settlement is confirmed by a settled or since refunded order; a refund only when the
 * gateway lists that refund key with that amount; anything else by the same status.
 */
function confirms(claim: PaymentNotification, status: PaymentNotification | null): boolean {
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
  const report = await deps.paymentGateway.verifyNotification(body).catch((error: unknown) => {
    if (!(error instanceof SignatureRejected)) throw error;
    // Nothing of such a body may be trusted, not even its order id: refused, and the reason only in the log.
    log.warn('payment notification rejected', { reason: error.message });
    throw forbidden('Invalid signature', { cause: error });
  });
  let order = orderKind(report.orderId) ? await deps.paymentOrders.get(report.orderId) : null;
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
    status = await deps.paymentGateway.status({ orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt });
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
const STATUS_CHECK_AFTER_MS = 4_000;
/** An order whose charge never reached the gateway (the gateway does not know it) is failed after this long. */
const UNKNOWN_CHARGE_FAILS_AFTER_MS = 120_000;

export async function refreshFromGateway(order: PaymentOrder, deps: PaymentDeps): Promise<PaymentOrder> {
  if (order.status !== 'pending') return order;
  const now = deps.clock.now().getTime();
  const age = now - Date.parse(order.createdAt);
  const sinceCheck = order.checkedAt ? now - Date.parse(order.checkedAt) : Infinity;
  if (age < STATUS_CHECK_AFTER_MS || sinceCheck < STATUS_CHECK_AFTER_MS) return order;
  const log = deps.log ?? consoleLog;
  await deps.paymentOrders.update(order.orderId, { checkedAt: new Date(now).toISOString() });
  let report: PaymentNotification | null;
  try {
    report = await deps.paymentGateway.status({ orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt });
  } catch (error) {
    log.warn('gateway status check failed; the order stays pending', { orderId: order.orderId, error: (error as Error).message });
    return order;
  }
  if (!report) {
    if (order.chargeState !== 'charged' && age > UNKNOWN_CHARGE_FAILS_AFTER_MS) {
      return (await deps.paymentOrders.update(order.orderId, { status: 'failed', message: 'The payment could not be started' }, ['pending'])) ?? order;
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
