import { afterPaid } from '../domain/after-payment';
import type { PurchaseDeps } from '../domain/purchase';
import type { OpenPaidSession } from '../domain/purchase-paid';
import { siteLink } from '../../platform/adapters/site-link';
import { setting } from '../../platform/environment';
import { log } from '../../platform/observability';
import { paymentGateway } from './payment-gateway';
import { mailer } from '../../platform/providers/mailer';
import { requestQuota } from '../../platform/providers/quota';
import { clock } from '../../platform/providers/clock';
import { ledger } from './repositories/ledger';
import { machines } from '../../stations/providers/repositories/machines';
import { paymentOrders } from './repositories/payment-orders';
import { settings as settingsRepository } from '../../platform/providers/repositories/settings';
import { users } from '../../accounts/providers/repositories/users';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';

/**
 * What the payment use cases need: the table and the configured gateway; purchases pass how their paid refill is
 * opened. The mailer (a guest's receipt) is created on first use, so routes that never send need no mail settings.
 */
export const paymentDeps = (openPaidSession?: OpenPaidSession): PurchaseDeps => ({
  machines: machines(),
  users: users(),
  paymentOrders: paymentOrders(),
  ledger: ledger(),
  clock: clock(),
  settings: settingsRepository(),
  vendSessions: vendSessions(),
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
