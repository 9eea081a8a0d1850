import { afterPaid } from '../domain/after-payment';
import type { PurchaseDeps } from '../domain/purchase';
import type { OpenPaidSession } from '../domain/purchase-paid';
import { siteLink } from '../adapters/site-link';
import { setting } from '../environment';
import { log } from '../observability';
import { paymentGateway } from './payment-gateway';
import { mailer } from './mailer';
import { requestQuota } from './quota';
import { vendDeps } from './vend';
import { openPaidVendSession } from '../domain/vend-paid';
import type { GuestDeps, GuestRefundDeps } from '../domain/guest-orders';
import * as repositories from './repositories';

/**
 * What the payment use cases need: the table and the configured gateway; purchases pass how their paid refill is
 * opened. The mailer (a guest's receipt) is created on first use, so routes that never send need no mail settings.
 */
export const paymentDeps = (openPaidSession?: OpenPaidSession): PurchaseDeps => ({
  machines: repositories.machines(),
  users: repositories.users(),
  paymentOrders: repositories.paymentOrders(),
  ledger: repositories.ledger(),
  clock: repositories.clock(),
  settings: repositories.settings(),
  vendSessions: repositories.vendSessions(),
  paymentGateway: paymentGateway(),
  quota: requestQuota(),
  log,
  openPaidSession,
  afterPaid,
  siteLink: (path) => siteLink(setting('SITE_URL'), path),
  get mailer() {
    return mailer();
  },
});

/** What guest orders need: the payment deps with the paid refill's opener, the rate limits, and the claims on refills. */
export const guestDeps = (): GuestDeps => {
  return Object.assign(paymentDeps((order) => openPaidVendSession(order, vendDeps())), {
    quota: requestQuota(), claims: repositories.claims(), telemetry: repositories.telemetry(), vendSessions: repositories.vendSessions(),
  });
};

/**
 * What the guest settlement needs (guestSessionClosed): the refund and the receipt of a closed session, a refund left in
 * flight (a claim's credit among them), no stations or settings.
 */
export const guestSettlementDeps = (): GuestRefundDeps => ({
  paymentOrders: repositories.paymentOrders(),
  claims: repositories.claims(),
  users: repositories.users(),
  paymentGateway: paymentGateway(),
  ledger: repositories.ledger(),
  clock: repositories.clock(),
  vendSessions: repositories.vendSessions(),
  log,
  get mailer() {
    return mailer();
  },
});
