import { afterPaid } from '../domain/after-payment';
import type { PurchaseDeps } from '../domain/purchase';
import type { OpenPaidSession } from '../domain/purchase-paid';
import { log } from '../observability';
import { paymentGateway } from './payment-gateway';
import { mailer } from './mailer';
import { requestQuota } from './quota';
import { clock } from './clock';
import { ledger } from './repositories/ledger';
import { machines } from './repositories/machines';
import { paymentOrders } from './repositories/payment-orders';
import { settings as settingsRepository } from './repositories/settings';
import { users } from './repositories/users';
import { vendSessions } from './repositories/vend-sessions';

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
  get mailer() {
    return mailer();
  },
});
