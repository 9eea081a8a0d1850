import { expireQueuedExecutions } from '../fleet/domain/commands';
import { log, observedHandler } from '../platform/observability';
import { clock } from '../platform/providers/clock';
import { commands } from '../fleet/providers/repositories/commands';
import { machines } from '../stations/providers/repositories/machines';
import { telemetry } from '../fleet/providers/repositories/telemetry';
import { stationJobs } from '../fleet/providers/station-jobs';

/**
 * EventBridge schedule (every minute in AWS, beside the sweep; a timer in the local cloud): remote commands'
 * executions left queued too long at stations that never came back are timed out and canceled in IoT, and a rollout
 * may then move on (docs/stations.md, "Remote commands").
 */
export const handler = observedHandler('commandSweep', () => expireQueuedExecutions({
  commands: commands(), machines: machines(), stationJobs: stationJobs(), telemetry: telemetry(), clock: clock(), log,
}), (timedOut) => (timedOut ? 'timedOut' : 'ran'));
