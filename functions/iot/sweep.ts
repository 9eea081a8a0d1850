import { sweepAlerts } from '../domain/alerts';
import { settleGuestSession } from '../domain/guest-orders';
import { sweepExpiredSessions } from '../domain/vend-sweep';
import { optionalSetting } from '../environment';
import { paymentDeps } from '../providers/payment-deps';
import { deadLetters } from '../providers/dead-letters';
import { mailer } from '../providers/mailer';
import { vendDeps } from '../providers/vend';
import { log, observedHandler } from '../observability';
import * as repositories from '../providers/repositories';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions and release
 * their holds (and refund the guest orders among them); then the alerts: offline ones for silent stations, the
 * dead-letter queues, and the due alert e-mails (docs/architecture.md, "Alerts").
 */
export const handler = observedHandler('sweep', async () => {
  const vend = vendDeps();
  // A guest order whose session expired unused is refunded in full.
  const vends = await sweepExpiredSessions(vend, vend.clock.now(), (session) => settleGuestSession(session.id, paymentDeps()));
  const alerts = await sweepAlerts({ alerts: repositories.alerts(), settings: repositories.settings(), clock: repositories.clock(), tickets: repositories.tickets(), ids: repositories.ids(), mailer: mailer(), deadLetters: deadLetters(), operationsEmail: optionalSetting('ALERT_EMAIL'), log });
  return { ...vends, alerts, errors: vends.errors + alerts.errors };
}, (counts) => (counts.errors ? 'errors' : 'ran'));
