import { expireQueuedExecutions } from '../domain/commands';
import { log, observedHandler } from '../observability';
import * as repositories from '../providers/repositories';
import { stationJobs } from '../providers/station-jobs';

/**
 * EventBridge schedule (every minute in AWS, beside the sweep; a timer in the local cloud): remote commands'
 * executions left queued too long at stations that never came back are timed out and canceled in IoT, and a rollout
 * may then move on (docs/stations.md, "Remote commands").
 */
export const handler = observedHandler('commandSweep', () => expireQueuedExecutions({
  commands: repositories.commands(), machines: repositories.machines(), stationJobs: stationJobs(), telemetry: repositories.telemetry(), clock: repositories.clock(), log,
}), (timedOut) => (timedOut ? 'timedOut' : 'ran'));
