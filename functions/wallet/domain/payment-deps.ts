import type { Clock } from '../../platform/ports/clock';
import type { Ledger } from '../ports/ledger';
import type { Log } from '../../platform/ports/log';
import type { Mailer } from '../../platform/ports/mailer';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { PaymentOrder, PaymentOrders } from '../ports/payment-orders';
import type { RequestQuota } from '../../platform/ports/request-quota';
import type { SettingsStore } from '../../platform/ports/settings';
import type { VendSessions } from '../../vending/ports/vend-sessions';
import type { OpenPaidSession } from './purchase-paid';

/** The step after a payment settled, for an order that buys something; a top-up's order comes back as it was. */
export type AfterPaid = (order: PaymentOrder, deps: PaymentDeps) => Promise<PaymentOrder>;

/** What every payment use case needs, named as the composition root's DataServices names it. */
export interface PaymentDeps {
  /**
   * What a settled payment buys, by the order's kind (after-payment.ts: a purchase's or a guest's refill). Passed in, so
   * that the payment code knows no product: guests and purchases react to what payments report.
   */
  afterPaid: AfterPaid;
  paymentOrders: PaymentOrders;
  paymentGateway: PaymentGateway;
  ledger: Ledger;
  clock: Clock;
  /** The paid-purchase cutoff (a purchase paid too late starts no refill). */
  settings: SettingsStore;
  log?: Log;
  /**
   * An absolute link to a page of the public site (SITE_URL), where the gateway's return brings the payer back
   * (returnPathOf in payment-orders.ts); without it the charge asks for no return.
   */
  siteLink?: (path: string) => string;
  /**
   * Opens the refill session a paid purchase bought (the vend domain's openPaidVendSession). Without it a settled
   * purchase is left for the purchase request that paid to open (payment webhook racing it).
   */
  openPaidSession?: OpenPaidSession;
  /** A guest order's refill session, read to settle the order once it closed (guest-orders.ts). */
  vendSessions?: VendSessions;
  /** Sends a guest's receipt; without it the receipt is mailed by the next caller that has one. */
  mailer?: Mailer;
  /** The guest orders' rate limits: a paid order gives its slots back (without it, the next caller that has it does). */
  quota?: RequestQuota;
}
