import { consoleLog, type Log } from '../../platform/ports/log';
import type { PaymentOrders, PurchaseOrder, RefillOrder } from '../ports/payment-orders';
import type { SettingsStore } from '../../platform/ports/settings';
import type { Clock } from '../../platform/ports/clock';
import { DomainError } from '../../platform/domain/errors';
import * as texts from './texts';

/** What happens once a wallet purchase is paid: its refill session is opened once, or the amount stays in the wallet. */

/**
 * Opens the refill session a paid purchase bought (the vend domain's openPaidVendSession); without it the paid
 * amount stays in the wallet (it was credited there) and the purchase says so.
 */
export type OpenPaidSession = (order: RefillOrder) => Promise<{ sessionId: string; status: string } | null>;

/** sessionStatus of a paid purchase whose station refused the session (409): the amount stays in the wallet. */
export const STATION_UNAVAILABLE = 'station_unavailable';
/** sessionStatus of a purchase paid after the cutoff (settings): nobody may be at the station any more; the amount stays in the wallet. */
export const PAID_TOO_LATE = 'paid_too_late';


/**
 * The after-payment step of a purchase: open its vend session once (idempotent on the order id), but only while
 * the payment is fresh: one confirmed after the cutoff (settings, 2 minutes) starts nothing at the station (the
 * customer has likely left) and the amount stays in the wallet, with a message that says so.
 */
export async function afterPurchasePaid(
  order: PurchaseOrder,
  deps: { paymentOrders: PaymentOrders; settings: SettingsStore; clock: Clock; log?: Log; openPaidSession?: OpenPaidSession },
): Promise<PurchaseOrder> {
  // Once decided (a session, or the amount left in the wallet), never again: a late notification must not start a refill.
  if (order.sessionId || order.sessionStatus) return order;
  const log = deps.log ?? consoleLog;
  const { paidVendCutoffSeconds } = await deps.settings.get();
  const age = deps.clock.now().getTime() - Date.parse(order.createdAt);
  if (age > paidVendCutoffSeconds * 1000) {
    log.warn('purchase paid after the cutoff: no refill started, the amount stays in the wallet', { orderId: order.orderId, ageSeconds: Math.round(age / 1000) });
    const messages = texts.purchasePaidTooLate(order.amount, Math.round(paidVendCutoffSeconds / 60));
    const patch = { sessionStatus: PAID_TOO_LATE, message: messages.en, messages };
    return ((await deps.paymentOrders.update(order.orderId, patch)) as PurchaseOrder | null) ?? { ...order, ...patch };
  }
  // Without an opener (a caller that cannot open sessions, e.g. the payment webhook racing the purchase request)
  // nothing is decided here: the purchase request that paid opens the session once it sees the order settled.
  if (!deps.openPaidSession) return order;
  let opened: { sessionId: string; status: string } | null = null;
  let refused: DomainError | null = null;
  try {
    opened = await deps.openPaidSession(order);
  } catch (error) {
    if (error instanceof DomainError && error.status === 409) refused = error;
    log.warn('paid purchase: the vend session could not be opened; the amount stays in the wallet', { orderId: order.orderId, error: (error as Error).message });
  }
  const patch = opened
    ? { sessionId: opened.sessionId, sessionStatus: opened.status, message: null }
    : refused
      ? { sessionStatus: STATION_UNAVAILABLE, message: refused.message, messages: refused.localized ?? null }
      : { sessionStatus: 'credited_to_wallet', message: texts.paidNoSession.en };
  return ((await deps.paymentOrders.update(order.orderId, patch)) as PurchaseOrder | null) ?? { ...order, ...patch };
}
