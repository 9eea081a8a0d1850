import { afterGuestPaid, type GuestDeps, type GuestRefundDeps } from '../domain/guest-orders';
import { openPaidVendSession } from '../domain/vend-paid';
import type { GuestOrder } from '../ports/payment-orders';
import { log } from '../observability';
import { clock } from './clock';
import { mailer } from './mailer';
import { paymentGateway } from './payment-gateway';
import { requestQuota } from './quota';
import { claims } from './repositories/claims';
import { ledger } from './repositories/ledger';
import { machines } from './repositories/machines';
import { paymentOrders } from './repositories/payment-orders';
import { settings } from './repositories/settings';
import { telemetry } from './repositories/telemetry';
import { users } from './repositories/users';
import { vendSessions } from './repositories/vend-sessions';
import { vendDeps } from './vend';

/**
 * What the guest routes need. Their orders are guests' only, so a settled payment opens a guest's refill and nothing
 * else: these routes carry no purchase or top-up code (the payment webhook's deps, payment-deps.ts, know every kind).
 * The mailer (the receipt) is created on first use, so a route that never sends needs no mail settings.
 */
export const guestDeps = (): GuestDeps => ({
  machines: machines(),
  users: users(),
  paymentOrders: paymentOrders(),
  ledger: ledger(),
  clock: clock(),
  settings: settings(),
  vendSessions: vendSessions(),
  paymentGateway: paymentGateway(),
  quota: requestQuota(),
  claims: claims(),
  telemetry: telemetry(),
  log,
  openPaidSession: (order) => openPaidVendSession(order, vendDeps()),
  afterPaid: (order, deps) => (order.kind === 'guest' ? afterGuestPaid(order as GuestOrder, deps) : Promise.resolve(order)),
  get mailer() {
    return mailer();
  },
});

/**
 * What the guest settlement needs (guestSessionClosed): the refund and the receipt of a closed session, a refund left in
 * flight (a claim's credit among them), no stations or settings.
 */
export const guestSettlementDeps = (): GuestRefundDeps => ({
  paymentOrders: paymentOrders(),
  claims: claims(),
  users: users(),
  paymentGateway: paymentGateway(),
  ledger: ledger(),
  clock: clock(),
  vendSessions: vendSessions(),
  log,
  get mailer() {
    return mailer();
  },
});
