import type { GuestOrder, PurchaseOrder } from '../ports/payment-orders';
import { afterGuestPaid } from '../../guests/domain/guest-orders';
import type { AfterPaid } from './payment-deps';
import { afterPurchasePaid } from './purchase-paid';

/**
 * What a settled payment buys, by the order's kind: a wallet purchase's refill or a guest's (each decided by its own
 * use case); a top-up buys nothing more. The composition passes it to the payment code as PaymentDeps.afterPaid.
 */
export const afterPaid: AfterPaid = (order, deps) => {
  if (order.kind === 'purchase') return afterPurchasePaid(order as PurchaseOrder, deps);
  if (order.kind === 'guest') return afterGuestPaid(order as GuestOrder, deps);
  return Promise.resolve(order);
};
