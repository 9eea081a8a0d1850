import { expireQueuedExecutions } from '../domain/commands';
import { sweepExpiredSessions } from '../domain/vend-sweep';
import { log, observedHandler } from '../observability';
import * as repositories from '../providers/repositories';
import { stationJobs } from '../providers/station-jobs';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions and release
 * their holds (a guest order's is then refunded by guestSessionClosed, from the table's stream); then remote
 * commands' executions left queued too long at stations that never came back (docs/stations.md, "Remote commands").
 * The alerts have a sweep of their own (alertSweep.ts).
 */
export const handler = observedHandler('sweep', async () => {
  const vends = await sweepExpiredSessions({ vendSessions: repositories.vendSessions(), ledger: repositories.ledger(), clock: repositories.clock(), log });
  const commandsTimedOut = await expireQueuedExecutions({ commands: repositories.commands(), machines: repositories.machines(), stationJobs: stationJobs(), telemetry: repositories.telemetry(), clock: repositories.clock(), log });
  return { ...vends, commandsTimedOut };
}, (counts) => (counts.errors ? 'errors' : 'ran'));
