import { afterGuestPaid, type GuestDeps, type GuestRefundDeps } from '../domain/guest-orders';
import { openPaidVendSession } from '../../vending/domain/vend-paid';
import type { GuestOrder } from '../../wallet/ports/payment-orders';
import { withPaymentPorts } from '../../wallet/providers/payment-ports';
import { claims } from '../../vending/providers/repositories/claims';
import { machines } from '../../stations/providers/repositories/machines';
import { telemetry } from '../../fleet/providers/repositories/telemetry';
import { users } from '../../accounts/providers/repositories/users';
import { vendDeps } from '../../vending/providers/vend';

/**
 * What the guest routes need. Their orders are guests' only, so a settled payment opens a guest's refill and nothing
 * else: these routes carry no purchase or top-up code (the payment webhook's deps, payment-deps.ts, know every kind).
 */
export const guestDeps = (): GuestDeps => {
  const guests: Pick<GuestDeps, 'machines' | 'users' | 'claims' | 'telemetry' | 'openPaidSession' | 'afterPaid'> = {
    machines: machines(),
    users: users(),
    claims: claims(),
    telemetry: telemetry(),
    openPaidSession: (order) => openPaidVendSession(order, vendDeps()),
    afterPaid: (order, deps) => (order.kind === 'guest' ? afterGuestPaid(order as GuestOrder, deps) : Promise.resolve(order)),
  };
  return withPaymentPorts(guests);
};

/**
 * What the guest settlement needs (guestSessionClosed): the refund and the receipt of a closed session, a refund left in
 * flight (a claim's credit among them).
 */
export const guestSettlementDeps = (): GuestRefundDeps => withPaymentPorts({ claims: claims(), users: users() });
