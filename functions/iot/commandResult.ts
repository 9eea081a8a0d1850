import { recordCommandResult } from '../domain/commands';
import { log, observedHandler } from '../observability';
import { stationJobs } from '../providers/station-jobs';
import { clock } from '../providers/clock';
import { commands as commandsRepository } from '../providers/repositories/commands';
import { machines } from '../providers/repositories/machines';
import { telemetry } from '../providers/repositories/telemetry';

/**
 * Two IoT rules: `SELECT * FROM '$aws/events/jobExecution/#'` (a job execution ended: succeeded, failed, rejected,
 * canceled, removed, timed_out, with the thing's ARN) and `SELECT jobId, progress, topic(2) AS stationId FROM
 * 'stations/+/command/progress'` (a station's percent). Repeated and late reports change nothing; the result that
 * ends a rollout step sends the next step or stops the rollout (functions/domain/commands.ts).
 */
export const handler = observedHandler('commandResult', (event) => recordCommandResult(event, { commands: commandsRepository(), machines: machines(), telemetry: telemetry(), clock: clock(), stationJobs: stationJobs(), log }), (outcome) => outcome);
