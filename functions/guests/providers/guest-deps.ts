import { afterGuestPaid, type GuestDeps, type GuestRefundDeps } from '../domain/guest-orders';
import { openPaidVendSession } from '../../vending/domain/vend-paid';
import type { GuestOrder } from '../../wallet/ports/payment-orders';
import { siteLink } from '../../platform/adapters/site-link';
import { setting } from '../../platform/environment';
import { log } from '../../platform/observability';
import { clock } from '../../platform/providers/clock';
import { mailer } from '../../platform/providers/mailer';
import { paymentGateway } from '../../wallet/providers/payment-gateway';
import { requestQuota } from '../../platform/providers/quota';
import { claims } from '../../vending/providers/repositories/claims';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { machines } from '../../stations/providers/repositories/machines';
import { paymentOrders } from '../../wallet/providers/repositories/payment-orders';
import { settings } from '../../platform/providers/repositories/settings';
import { telemetry } from '../../fleet/providers/repositories/telemetry';
import { users } from '../../accounts/providers/repositories/users';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';
import { vendDeps } from '../../vending/providers/vend';

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
  siteLink: (path) => siteLink(setting('SITE_URL'), path),
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
