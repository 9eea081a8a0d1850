import { recordCommandResult } from '../fleet/domain/commands';
import { log, observedHandler } from '../platform/observability';
import { stationJobs } from '../fleet/providers/station-jobs';
import { clock } from '../platform/providers/clock';
import { commands } from '../fleet/providers/repositories/commands';
import { machines } from '../stations/providers/repositories/machines';
import { telemetry } from '../fleet/providers/repositories/telemetry';

/**
 * Two IoT rules: `SELECT * FROM '$aws/events/jobExecution/#'` (a job execution ended: succeeded, failed, rejected,
 * canceled, removed, timed_out, with the thing's ARN) and `SELECT jobId, progress, topic(2) AS stationId FROM
 * 'stations/+/command/progress'` (a station's percent). Repeated and late reports change nothing; the result that
 * ends a rollout step sends the next step or stops the rollout (functions/fleet/domain/commands.ts).
 */
export const handler = observedHandler('commandResult', (event) => recordCommandResult(event, { commands: commands(), machines: machines(), telemetry: telemetry(), clock: clock(), stationJobs: stationJobs(), log }), (outcome) => outcome);
