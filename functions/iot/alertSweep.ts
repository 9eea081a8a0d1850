import { sweepAlerts } from '../fleet/domain/alerts';
import { optionalSetting } from '../platform/environment';
import { deadLetters } from '../platform/providers/dead-letters';
import { mailer } from '../platform/providers/mailer';
import { log, observedHandler } from '../platform/observability';
import { alerts } from '../fleet/providers/repositories/alerts';
import { clock, ids } from '../platform/providers/clock';
import { settings } from '../platform/providers/repositories/settings';
import { tickets } from '../fieldwork/providers/repositories/tickets';

/**
 * EventBridge schedule (every minute in AWS, beside the sweep; a timer in the local cloud): the alerts that no
 * message raises: offline ones for silent stations, the dead-letter queues, and the due alert e-mails
 * (docs/architecture.md, "Alerts").
 */
export const handler = observedHandler('alertSweep', () => sweepAlerts({
  alerts: alerts(), settings: settings(), clock: clock(), tickets: tickets(), ids: ids(),
  mailer: mailer(), deadLetters: deadLetters(), operationsEmail: optionalSetting('ALERT_EMAIL'), log,
}), (counts) => (counts.errors ? 'errors' : 'ran'));
