import { consoleLog } from '../../platform/ports/log';
import type { GatewayRefund, PaymentNotification } from '../ports/payment-gateway';
import { refundInFlightAccount, refundWasSetAside, type PaymentOrder } from '../ports/payment-orders';
import { TransactionPartRejected } from '../../platform/ports/transaction';
import { isWithdrawalId } from '../ports/withdrawals';
import { invalid } from '../../platform/domain/errors';
import type { PaymentDeps } from './payment-deps';

/**
 * What the gateway reports moves money (docs/architecture.md, Payments): a payment order is credited to the wallet
 * once, when the gateway says settled (ledger idempotency key = the order id), never on pending, expire, deny or
 * cancel; a refund after settling takes the refunded rupiah back out of the wallet, once per gateway refund key and
 * never more than was paid, and what the wallet no longer holds is recorded as owed. Which reports count as proof
 * is payment-confirmation.ts.
 */

const FAILURE_MESSAGES = {
  failed: 'The payment was declined or cancelled',
  expired: 'The payment was not completed in time',
} as const;

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
      const updated = await deps.paymentOrders.update(order.orderId, gatewayFields, ['pending']);
      return { result: 'pending', order: updated ?? order };
    }

    case 'settled': {
      if (order.status === 'refunded') return { result: 'ignored', order };
      const { credit, order: credited } = await creditOnce(order, report, deps);
      const updated = await deps.afterPaid(credited, deps);
      return { result: credit.replayed ? 'already-credited' : 'credited', order: updated };
    }

    case 'failed':
    case 'expired': {
      if (order.status === 'pending') {
        const updated = await deps.paymentOrders.update(order.orderId, { ...gatewayFields, status: report.outcome, message: report.message ?? FAILURE_MESSAGES[report.outcome] }, ['pending']);
        if (updated) {
          log.info(`payment ${report.outcome}: nothing credited`, { orderId: order.orderId, gatewayStatus: report.gatewayStatus });
          return { result: report.outcome, order: updated };
        }
        // It changed under us (settled meanwhile): apply to what it is now. A report that is not proof and would now
        // move money (a cancel of what was just credited) goes back to be confirmed first.
        const now = await deps.paymentOrders.get(order.orderId);
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
    note: order.kind === 'topup' ? undefined : `Paid for ${order.volumeMl / 1000} L at ${order.machineName}`,
  });
  let updated = order;
  if (order.status !== 'settled' && order.status !== 'refunded') {
    if (order.status !== 'pending') log.warn('gateway settled an order it had reported as ' + order.status, { orderId: order.orderId });
    updated = (await deps.paymentOrders.update(
      order.orderId,
      { gatewayStatus: report.gatewayStatus, ...(report.transactionId ? { transactionId: report.transactionId } : {}), status: 'settled', message: null, creditedAt: credit.entries[0]?.createdAt ?? deps.clock.now().toISOString() },
      ['pending', 'failed', 'expired'],
    )) ?? (await deps.paymentOrders.get(order.orderId)) ?? order;
  }
  log.info(credit.replayed ? 'payment settled again: already credited' : 'payment settled: wallet credited', { orderId: order.orderId, amount: order.amount, balance: credit.balance });
  return { credit, order: updated };
}

/**
 * Takes gateway refunds back out of the wallet: once per refund key (the ledger's idempotency key and the order's
 * list of keys), never more than was paid in all (the order's `refunded`, conditioned in the same transaction), and
 * what the wallet no longer holds is owed by the user rather than lost. A refund under a withdrawal's key is taken
 * from that withdrawal's account, which reserved it (withdrawals.ts), whoever reports it: the withdrawal itself, the
 * gateway's notification or the status API.
 */
export async function takeBackRefunds(order: PaymentOrder, refunds: GatewayRefund[], gatewayStatus: string, deps: Pick<PaymentDeps, 'ledger' | 'paymentOrders' | 'log'>): Promise<{ result: ReportResult; order: PaymentOrder }> {
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
        const charge = (account: string) => deps.ledger.charge(account, 'adjustment', amount, `refund:${order.orderId}:${refund.key}`, {
          reference: order.orderId,
          actor: 'gateway',
          counter: 'gateway',
          paymentMethod: order.paymentMethod,
          note: `Refunded by the payment gateway (${gatewayStatus})`,
        }, { together: deps.paymentOrders.refunding(order.orderId, { key: refund.key, amount }, seen, gatewayStatus) });
        // A refund we asked for leaves from where its money was set aside; one the gateway made on its own, from the
        // order's account. The account follows from the key alone, so a repeated report replays the same charge.
        const result = await charge(isWithdrawalId(refund.key) ? refund.key : refundWasSetAside(order, refund.key) ? refundInFlightAccount(refund.key) : current.userId);
        const short = result.replayed ? 0 : result.entries.find((e) => e.type === 'receivable')?.owed ?? 0;
        owed += short;
        if (short) log.warn('refund exceeds the wallet balance: the rest is owed', { orderId: order.orderId, refundKey: refund.key, amount, owed: short });
        else log.info('payment refunded: wallet debited', { orderId: order.orderId, refundKey: refund.key, amount, replayed: result.replayed });
      } catch (error) {
        // Another refund of this order was recorded meanwhile: read it again and recompute what is left.
        if (!(error instanceof TransactionPartRejected)) throw error;
      }
      current = (await deps.paymentOrders.get(order.orderId)) ?? current;
    }
  }
  return { result: owed ? 'refundOwed' : 'refunded', order: current };
}

/** Whether a report, if it were true, would move money for this order: only those need the gateway's confirmation. */
export const movesMoney = (order: PaymentOrder, report: PaymentNotification) =>
  report.outcome === 'settled' || report.outcome === 'refunded' || (report.gatewayStatus === 'cancel' && (order.status === 'settled' || order.status === 'refunded'));
