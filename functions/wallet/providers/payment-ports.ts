import type { PaymentDeps } from '../domain/payment-deps';
import { siteLink } from '../../platform/adapters/site-link';
import { setting } from '../../platform/environment';
import { log } from '../../platform/observability';
import { clock } from '../../platform/providers/clock';
import { mailer } from '../../platform/providers/mailer';
import { requestQuota } from '../../platform/providers/quota';
import { settings } from '../../platform/providers/repositories/settings';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';
import { paymentGateway } from './payment-gateway';
import { ledger } from './repositories/ledger';
import { paymentOrders } from './repositories/payment-orders';

/** The ports every payment use case takes, whatever the order buys: what PaymentDeps names but `afterPaid`. */
type PaymentPorts = Required<Omit<PaymentDeps, 'afterPaid' | 'openPaidSession'>>;

/**
 * The payment ports with what a route adds (what its orders buy, the repositories it reads). The mailer (a guest's
 * receipt) is created on first use, so a route that never sends needs no mail settings; `more` is spread after it, so
 * it must not be a getter.
 */
export const withPaymentPorts = <More extends object>(more: More): PaymentPorts & More => ({
  paymentOrders: paymentOrders(),
  ledger: ledger(),
  clock: clock(),
  settings: settings(),
  vendSessions: vendSessions(),
  paymentGateway: paymentGateway(),
  quota: requestQuota(),
  log,
  siteLink: (path: string) => siteLink(setting('SITE_URL'), path),
  get mailer() {
    return mailer();
  },
  ...more,
});
