import { expireQueuedExecutions } from '../domain/commands';
import { sweepExpiredSessions } from '../domain/vend-sweep';
import { log, observedHandler } from '../observability';
import * as repositories from '../providers/repositories';
import { stationJobs } from '../providers/station-jobs';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions and release
 * their holds, and mark due the refund in full of expired guest sessions whose station can no longer report (made by
 * guestSessionClosed, from the table's stream: the sweep holds no payment key); then remote
 * commands' executions left queued too long at stations that never came back (docs/stations.md, "Remote commands").
 * The alerts have a sweep of their own (alertSweep.ts).
 */
export const handler = observedHandler('sweep', async () => {
  const vends = await sweepExpiredSessions({
    vendSessions: repositories.vendSessions(), ledger: repositories.ledger(), machines: repositories.machines(), settings: repositories.settings(), clock: repositories.clock(), log,
  });
  const commandsTimedOut = await expireQueuedExecutions({ commands: repositories.commands(), machines: repositories.machines(), stationJobs: stationJobs(), telemetry: repositories.telemetry(), clock: repositories.clock(), log });
  return { ...vends, commandsTimedOut };
}, (counts) => (counts.errors ? 'errors' : 'ran'));
