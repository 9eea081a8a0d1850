import { afterGuestPaid, type GuestOrderDeps } from '../domain/guest-orders';
import { openPaidVendSession } from '../../vending/domain/vend-paid';
import type { GuestOrder } from '../../wallet/ports/payment-orders';
import { withPaymentPorts } from '../../wallet/providers/payment-ports';
import { machines } from '../../stations/providers/repositories/machines';
import { users } from '../../accounts/providers/repositories/users';
import { vendDeps } from '../../vending/providers/vend';

/**
 * What every guest route takes beside the payment ports. Their orders are guests' only, so a settled payment opens a
 * guest's refill and nothing else: these routes carry no purchase or top-up code (the payment webhook's deps,
 * payment-deps.ts, know every kind).
 */
export const guestOrderParts = (): Pick<GuestOrderDeps, 'machines' | 'users' | 'openPaidSession' | 'afterPaid'> => ({
  machines: machines(),
  users: users(),
  openPaidSession: (order) => openPaidVendSession(order, vendDeps()),
  afterPaid: (order, deps) => (order.kind === 'guest' ? afterGuestPaid(order as GuestOrder, deps) : Promise.resolve(order)),
});

/** What creating a guest order needs: no claims (none can be on a refill not yet made), so its handler reaches no claim code. */
export const guestOrderDeps = (): GuestOrderDeps => withPaymentPorts(guestOrderParts());
