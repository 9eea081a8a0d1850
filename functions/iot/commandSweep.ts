import { expireQueuedExecutions } from '../domain/commands';
import { log, observedHandler } from '../observability';
import { clock } from '../providers/clock';
import { commands as commandsRepository } from '../providers/repositories/commands';
import { machines } from '../providers/repositories/machines';
import { telemetry } from '../providers/repositories/telemetry';
import { stationJobs } from '../providers/station-jobs';

/**
 * EventBridge schedule (every minute in AWS, beside the sweep; a timer in the local cloud): remote commands'
 * executions left queued too long at stations that never came back are timed out and canceled in IoT, and a rollout
 * may then move on (docs/stations.md, "Remote commands").
 */
export const handler = observedHandler('commandSweep', () => expireQueuedExecutions({
  commands: commandsRepository(), machines: machines(), stationJobs: stationJobs(), telemetry: telemetry(), clock: clock(), log,
}), (timedOut) => (timedOut ? 'timedOut' : 'ran'));
