import { sweepAlerts } from '../domain/alerts';
import { expireQueuedExecutions } from '../domain/commands';
import { sweepExpiredSessions } from '../domain/vend-sweep';
import { optionalSetting } from '../environment';
import { deadLetters } from '../providers/dead-letters';
import { mailer } from '../providers/mailer';
import { vendDeps } from '../providers/vend';
import { log, observedHandler } from '../observability';
import * as repositories from '../providers/repositories';
import { stationJobs } from '../providers/station-jobs';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions and release
 * their holds; then the alerts: offline ones for silent stations, the dead-letter queues, and the due alert e-mails (docs/architecture.md, "Alerts"); then remote commands' executions
 * left queued too long at stations that never came back (docs/stations.md, "Remote commands").
 */
export const handler = observedHandler('sweep', async () => {
  const vend = vendDeps();
  // A guest order whose session expired unused is refunded in full by guestSessionClosed (the table's stream).
  const vends = await sweepExpiredSessions(vend, vend.clock.now());
  const alerts = await sweepAlerts({ alerts: repositories.alerts(), settings: repositories.settings(), clock: repositories.clock(), tickets: repositories.tickets(), ids: repositories.ids(), mailer: mailer(), deadLetters: deadLetters(), operationsEmail: optionalSetting('ALERT_EMAIL'), log });
  const commandsTimedOut = await expireQueuedExecutions({ commands: repositories.commands(), machines: repositories.machines(), stationJobs: stationJobs(), telemetry: repositories.telemetry(), clock: repositories.clock(), log });
  return { ...vends, alerts, commandsTimedOut, errors: vends.errors + alerts.errors };
}, (counts) => (counts.errors ? 'errors' : 'ran'));
