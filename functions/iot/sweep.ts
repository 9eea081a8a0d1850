import { sweepAlerts } from '../domain/alerts';
import { sweepExpiredSessions } from '../domain/vend-sweep';
import { optionalSetting } from '../environment';
import { data } from '../providers/data';
import { deadLetters } from '../providers/dead-letters';
import { mailer } from '../providers/mailer';
import { vendDeps } from '../providers/vend';
import { log, observedHandler } from '../observability';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions and release
 * their holds; then the alerts: offline ones for silent stations, the dead-letter queues, and the due alert e-mails (docs/architecture.md, "Alerts").
 */
export const handler = observedHandler('sweep', async () => {
  const vends = await sweepExpiredSessions(vendDeps());
  const alerts = await sweepAlerts({ ...data(), mailer: mailer(), deadLetters: deadLetters(), operationsEmail: optionalSetting('ALERT_EMAIL'), log });
  return { ...vends, alerts, errors: vends.errors + alerts.errors };
}, (counts) => (counts.errors ? 'errors' : 'ran'));
