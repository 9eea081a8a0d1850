import { sweepAlerts } from '../domain/alerts';
import { optionalSetting } from '../environment';
import { deadLetters } from '../providers/dead-letters';
import { mailer } from '../providers/mailer';
import { log, observedHandler } from '../observability';
import { alerts as alertsRepository } from '../providers/repositories/alerts';
import { clock, ids } from '../providers/clock';
import { settings } from '../providers/repositories/settings';
import { tickets } from '../providers/repositories/tickets';

/**
 * EventBridge schedule (every minute in AWS, beside the sweep; a timer in the local cloud): the alerts that no
 * message raises: offline ones for silent stations, the dead-letter queues, and the due alert e-mails
 * (docs/architecture.md, "Alerts").
 */
export const handler = observedHandler('alertSweep', () => sweepAlerts({
  alerts: alertsRepository(), settings: settings(), clock: clock(), tickets: tickets(), ids: ids(),
  mailer: mailer(), deadLetters: deadLetters(), operationsEmail: optionalSetting('ALERT_EMAIL'), log,
}), (counts) => (counts.errors ? 'errors' : 'ran'));
