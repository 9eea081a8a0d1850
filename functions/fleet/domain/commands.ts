import * as z from '@shared/zod';
import { COMMAND_QUEUED_EXPIRY_HOURS } from '@shared/constants';
import type { Language, Localized } from '@shared/language';
import { formatRupiah } from '@shared/money';
import type { CommandDetail, CommandExecution, CommandInput, CommandsQuery } from '@shared/schemas/command';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { CommandEventRecord, CommandNoteFacts, CommandRecord, Commands, ExecutionEnd } from '../ports/commands';
import type { Log } from '../../platform/ports/log';
import type { Machines } from '../../stations/ports/machines';
import type { JobDocument, StationJobs } from '../ports/station-jobs';
import type { Telemetry } from '../ports/telemetry';
import { conflict, invalid, notFound } from '../../platform/domain/errors';
import { telemetryExpiry } from './telemetry';
import * as texts from './texts';

/**
 * Remote commands and staged rollouts (docs/stations.md, "Remote commands"). A command is written with one queued
 * execution per station, then sent as a job (IoT Jobs in AWS) to the stations of its first step: all of them, or for
 * a firmware update ceil(stepPercent %) of them per step. Each station's terminal result ends its execution once
 * (a repeat or a late progress report changes nothing); when a step's executions have all ended, the rollout stops by
 * itself if failed / ended passes its threshold (the rest canceled), else the next step goes out.
 */

/** Who records what the rollout does by itself. */
const SYSTEM = 'system';

type CreateDeps = { commands: Commands; machines: Machines; stationJobs: StationJobs; clock: Clock; ids: Ids; log: Log };
type ResultDeps = { commands: Commands; machines: Machines; stationJobs: StationJobs; telemetry: Telemetry; clock: Clock; log: Log };

/** A step's job: unique per command and step ('_' never occurs in a command id). */
export const jobIdOf = (commandId: string, step: number) => `${commandId}_${step}`;
function parseJobId(jobId: string): { commandId: string; step: number } | null {
  const m = /^(.+)_(\d+)$/.exec(jobId);
  return m ? { commandId: m[1]!, step: Number(m[2]) } : null;
}

/** How many stations each step adds: ceil(stepPercent % of them), at least one; one step for all other commands. */
export function stepEnds(stations: number, action: CommandInput): number[] {
  if (action.type !== 'firmware') return [stations];
  const size = Math.max(1, Math.ceil((stations * action.rollout.stepPercent) / 100));
  const ends: number[] = [];
  for (let end = size; end < stations + size; end += size) ends.push(Math.min(end, stations));
  return ends;
}

const actionOf = (input: CommandInput) => {
  const { target: _target, ...action } = input;
  return action;
};

const documentOf = (command: CommandRecord): JobDocument => ({ ...command.action, commandId: command.id });

async function targetStations(input: CommandInput, machines: Machines): Promise<string[]> {
  if ('all' in input.target) {
    const all = (await machines.list()).map((m) => m.id);
    if (!all.length) throw invalid(texts.noStations, { target: 'There are no stations' });
    return all;
  }
  const ids = input.target.stationIds;
  const found = await Promise.all(ids.map((id) => machines.get(id)));
  const unknown = ids.filter((_, i) => !found[i]);
  if (unknown.length) throw invalid(texts.unknownStations(unknown.slice(0, 10).join(', ')), { 'target.stationIds': `Unknown stations: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}` });
  return ids;
}

/** Applies a lock or an unlock at once on the back end; the station is told too (it shows it). */
async function applyServerSide(action: CommandInput, stationIds: string[], at: string, machines: Machines) {
  if (action.type === 'lock') {
    await Promise.all(stationIds.map((id) => machines.update(id, { status: 'locked', updatedAt: at })));
  } else if (action.type === 'unlock') {
    // Only an operator's lock: a water safety lock is cleared on its own route, and maintenance stays.
    await Promise.all(stationIds.map(async (id) => {
      const machine = await machines.get(id);
      const status = machine?.connection?.state === 'connected' ? 'online' : 'offline';
      await machines.update(id, { status, updatedAt: at }, { noSafetyLock: true, statusNotIn: ['online', 'offline', 'maintenance'] });
    }));
  }
}

/** A history event's note in both languages, from the facts it was written with. */
function noteOf(action: CommandRecord['action'], facts: CommandNoteFacts): Localized {
  switch (facts.kind) {
    case 'created': {
      const [what, to] = [describe(action), texts.commandTo(facts.stations)];
      return { en: what.en + to.en, id: what.id + to.id };
    }
    case 'step': return texts.commandStep(facts.step, facts.steps, facts.stations);
    case 'abortedAt': return texts.commandAbortedAt(facts.step, facts.steps);
    case 'threshold': return texts.commandThreshold(facts.failed, facts.ended, facts.percent, facts.threshold, facts.step);
    case 'finished': return texts.commandFinished(facts.succeeded, facts.failed);
  }
}

/** The English note is stored beside its facts: an event read without facts (older) keeps it. */
const event = (command: Pick<CommandRecord, 'action'>, at: string, by: string, action: CommandEventRecord['action'], facts: CommandNoteFacts): CommandEventRecord =>
  ({ at, by, action, note: noteOf(command.action, facts).en, facts });

/** The command as the API answers it: its history's notes in `language`. */
function commandIn({ stepEnds: _ends, history, ...rest }: CommandRecord, language: Language) {
  return { ...rest, history: history.map(({ facts, ...e }) => ({ ...e, note: facts ? noteOf(rest.action, facts)[language] : e.note })) };
}

async function detail(command: CommandRecord, commands: Commands, language: Language): Promise<CommandDetail> {
  return { ...commandIn(command, language), executions: await commands.executions(command.id) };
}

/** POST /api/admin/commands: writes the command and its executions, applies a lock at once, and sends step 1. */
export async function createCommand(input: CommandInput, actor: string, deps: CreateDeps, language: Language = 'en'): Promise<CommandDetail> {
  const stationIds = await targetStations(input, deps.machines);
  const at = deps.clock.now().toISOString();
  const ends = stepEnds(stationIds.length, input);
  const stepOf = (index: number) => ends.findIndex((end) => index < end) + 1;
  const action = actionOf(input);
  const command: CommandRecord = {
    id: deps.ids.next().replace(/_/g, '-'), action, target: 'all' in input.target ? 'all' : 'stations', stations: stationIds.length,
    status: 'in_progress', step: 1, steps: ends.length, stepEnds: ends, counts: { succeeded: 0, failed: 0, canceled: 0 },
    createdBy: actor, createdAt: at, finishedAt: null,
    history: [
      event({ action }, at, actor, 'created', { kind: 'created', stations: 'all' in input.target ? 'all' : stationIds.length }),
      event({ action }, at, SYSTEM, 'stepStarted', { kind: 'step', step: 1, steps: ends.length, stations: ends[0]! }),
    ],
  };
  const executions: CommandExecution[] = stationIds.map((stationId, i) => ({ stationId, status: 'queued', progress: null, reason: null, step: stepOf(i), updatedAt: at }));
  await deps.commands.create(command, executions);
  deps.log.info('command created', { commandId: command.id, type: action.type, stations: stationIds.length, steps: ends.length, actor });
  await applyServerSide(input, stationIds, at, deps.machines);
  await deps.stationJobs.dispatch(jobIdOf(command.id, 1), stationIds.slice(0, ends[0]), documentOf(command));
  return detail(command, deps.commands, language);
}

/** What the command does, for its audit trail. */
function describe(action: CommandRecord['action']): Localized {
  switch (action.type) {
    case 'setPrice': return texts.commandSetPrice(formatRupiah(action.pricePerLitre));
    case 'lock': return texts.commandLock(action.reason);
    case 'unlock': return texts.commandUnlock;
    case 'restart': return texts.commandRestart;
    case 'firmware': return texts.commandFirmware(action.version, action.rollout.stepPercent, action.rollout.abortFailurePercent);
  }
}

export async function listCommands(query: z.output<typeof CommandsQuery>, deps: { commands: Commands }, language: Language = 'en') {
  const page = await deps.commands.list(query);
  return { items: page.items.map((c) => commandIn(c, language)), nextCursor: page.nextCursor };
}

export async function getCommand(id: string, deps: { commands: Commands }, language: Language = 'en'): Promise<CommandDetail> {
  const command = await deps.commands.get(id);
  if (!command) throw notFound(texts.commandNotFound);
  return detail(command, deps.commands, language);
}

/** Ends the still queued executions of the command's later steps (or all of them), counting each. */
async function cancelQueued(command: CommandRecord, fromStep: number, reason: string, at: string, commands: Commands) {
  const executions = await commands.executions(command.id);
  await Promise.all(executions.filter((e) => e.status === 'queued' && e.step >= fromStep)
    .map((e) => commands.finish(command.id, e.stationId, { status: 'canceled', reason, at })));
}

/** POST /api/admin/commands/{id}/abort: stops a command in progress; its queued executions are canceled. */
export async function abortCommand(id: string, actor: string, deps: { commands: Commands; stationJobs: StationJobs; clock: Clock; log: Log }, language: Language = 'en'): Promise<CommandDetail> {
  const command = await deps.commands.get(id);
  if (!command) throw notFound(texts.commandNotFound);
  if (command.status !== 'in_progress') throw conflict(texts.commandFinishedAlready(command.status));
  const at = deps.clock.now().toISOString();
  const aborted = await deps.commands.advance(id, command.step, { status: 'aborted', finishedAt: at, event: event(command, at, actor, 'aborted', { kind: 'abortedAt', step: command.step, steps: command.steps }) });
  if (!aborted) throw conflict(texts.commandChangedMeanwhile);
  // Ours first, so that each canceled execution says who aborted it; then the job (its cancel events change nothing more).
  await cancelQueued(aborted, 1, `aborted by ${actor}`, at, deps.commands);
  await deps.stationJobs.cancel(jobIdOf(id, command.step));
  deps.log.info('command aborted', { commandId: id, actor });
  return getCommand(id, deps, language);
}

/**
 * A station's report on a job (functions/iot/commandResult.ts): an IoT job execution event
 * ($aws/events/jobExecution/<jobId>/<operation>, with the thing's ARN) or its progress (stations/<id>/command/progress,
 * with `topic(2) AS stationId`).
 */
const JobExecutionEvent = z.object({
  eventType: z.literal('JOB_EXECUTION'),
  operation: z.enum(['succeeded', 'failed', 'rejected', 'canceled', 'removed', 'timed_out']),
  jobId: z.string().check(z.minLength(1), z.maxLength(64)),
  thingArn: z.string().check(z.regex(/:thing\/[^/]+$/)),
  timestamp: z.optional(z.number()),
  statusDetails: z.nullish(z.record(z.string(), z.string())),
});
const ProgressReport = z.object({
  jobId: z.string().check(z.minLength(1), z.maxLength(64)),
  stationId: z.string().check(z.minLength(1), z.maxLength(64)),
  progress: z.number().check(z.gte(0), z.lte(100)),
});

const END_OF: Record<z.infer<typeof JobExecutionEvent>['operation'], ExecutionEnd['status']> = {
  succeeded: 'succeeded', failed: 'failed', rejected: 'failed', canceled: 'canceled', removed: 'canceled', timed_out: 'timed_out',
};

export type ResultOutcome = 'recorded' | 'unchanged' | 'dropped';

export async function recordCommandResult(event: unknown, deps: ResultDeps): Promise<ResultOutcome> {
  const at = deps.clock.now().toISOString();
  const execution = JobExecutionEvent.safeParse(event);
  const progress = execution.success ? null : ProgressReport.safeParse(event);
  if (!execution.success && !progress?.success) {
    deps.log.warn('command result dropped: malformed', { issues: (progress?.error ?? execution.error).issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return 'dropped';
  }
  const job = parseJobId(execution.success ? execution.data.jobId : progress!.data!.jobId);
  const command = job && (await deps.commands.get(job.commandId));
  if (!job || !command) {
    deps.log.warn('command result dropped: unknown job', { jobId: execution.data?.jobId ?? progress?.data?.jobId });
    return 'dropped';
  }
  if (progress?.success) {
    return (await deps.commands.progress(command.id, progress.data.stationId, Math.round(progress.data.progress), at)) ? 'recorded' : 'unchanged';
  }
  const { operation, thingArn, statusDetails } = execution.data!;
  const stationId = thingArn.slice(thingArn.lastIndexOf('/') + 1);
  const end: ExecutionEnd = { status: END_OF[operation], reason: operation === 'succeeded' ? null : (statusDetails?.reason ?? operation), at };
  // A price is charged from when the station shows it: written with its success, in one transaction.
  const price = end.status === 'succeeded' && command.action.type === 'setPrice' ? { pricePerLitre: command.action.pricePerLitre } : undefined;
  if (!(await deps.commands.finish(command.id, stationId, end, price))) return 'unchanged';
  await deps.telemetry.putEvent(stationId, {
    at, kind: 'command', by: command.createdBy, reason: `${command.action.type} ${end.status.replace('_', ' ')}${end.reason && end.status !== 'canceled' ? `: ${end.reason}` : ''}`,
  }, telemetryExpiry(at));
  if (end.status !== 'canceled') await nextStep(command.id, deps);
  return 'recorded';
}

/** When every execution of the current step has ended: stop the rollout past its threshold, else send the next step. */
async function nextStep(id: string, deps: ResultDeps) {
  const command = await deps.commands.get(id);
  if (!command || command.status !== 'in_progress') return;
  const { succeeded, failed, canceled } = command.counts;
  const ended = succeeded + failed;
  if (ended + canceled < command.stepEnds[command.step - 1]!) return;
  const at = deps.clock.now().toISOString();
  const threshold = command.action.type === 'firmware' ? command.action.rollout.abortFailurePercent : 100;
  const last = command.step >= command.steps;
  if (command.action.type === 'firmware' && ended > 0 && (failed * 100) / ended > threshold) {
    // The later steps are canceled before the command reads aborted, so that an aborted rollout has nothing queued.
    // Every result that ends the step decides the same (its counts no longer change but for the cancels), and a
    // cancel ends an execution once, so two of them doing it at once count each station once.
    await cancelQueued(command, command.step + 1, 'rollout stopped: failures above the threshold', at, deps.commands);
    const stopped = await deps.commands.advance(id, command.step, {
      status: 'aborted', finishedAt: at,
      event: event(command, at, SYSTEM, 'aborted', { kind: 'threshold', failed, ended, percent: Math.round((failed * 100) / ended), threshold, step: command.step }),
    });
    if (!stopped) return;
    deps.log.warn('rollout stopped by its failure threshold', { commandId: id, failed, ended, threshold });
    await deps.stationJobs.cancel(jobIdOf(id, command.step));
    return;
  }
  if (last) {
    await deps.commands.advance(id, command.step, {
      status: failed ? 'failed' : 'succeeded', finishedAt: at,
      event: event(command, at, SYSTEM, 'finished', { kind: 'finished', succeeded, failed }),
    });
    return;
  }
  const step = command.step + 1;
  const from = command.stepEnds[command.step - 1]!;
  const size = command.stepEnds[step - 1]! - from;
  const moved = await deps.commands.advance(id, command.step, { step, event: event(command, at, SYSTEM, 'stepStarted', { kind: 'step', step, steps: command.steps, stations: size }) });
  if (!moved) return;
  const stations = (await deps.commands.executions(id)).filter((e) => e.step === step && e.status === 'queued').map((e) => e.stationId);
  if (stations.length) await deps.stationJobs.dispatch(jobIdOf(id, step), stations, documentOf(moved));
}

/** Commands the sweep looks through for executions left queued (admins send a few a day; older ones have finished). */
const COMMANDS_SWEPT = 200;

/**
 * The sweep's part (docs/stations.md, "Remote commands"): an execution of the current step still queued after
 * COMMAND_QUEUED_EXPIRY_HOURS at a station that is not connected ends `timed_out` with the reason, its IoT job
 * execution is canceled (so the station never runs it when it comes back), and the rollout moves on as after any result.
 */
export async function expireQueuedExecutions(deps: ResultDeps): Promise<number> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - COMMAND_QUEUED_EXPIRY_HOURS * 3_600_000).toISOString();
  const reason = `queued for more than ${COMMAND_QUEUED_EXPIRY_HOURS} h: the station did not come back`;
  const { items } = await deps.commands.list({ limit: COMMANDS_SWEPT });
  let expired = 0;
  for (const command of items.filter((c) => c.status === 'in_progress')) {
    const stale = (await deps.commands.executions(command.id)).filter((e) => e.status === 'queued' && e.step === command.step && e.updatedAt < before);
    for (const execution of stale) {
      const station = await deps.machines.get(execution.stationId);
      if (station?.connection?.state === 'connected') continue;
      const at = deps.clock.now().toISOString();
      // Ours first: the job's cancel event that follows then changes nothing.
      if (!(await deps.commands.finish(command.id, execution.stationId, { status: 'timed_out', reason, at }))) continue;
      expired++;
      await deps.stationJobs.cancelExecution(jobIdOf(command.id, command.step), execution.stationId, reason);
      await deps.telemetry.putEvent(execution.stationId, { at, kind: 'command', by: command.createdBy, reason: `${command.action.type} timed out: ${reason}` }, telemetryExpiry(at));
      deps.log.warn('command execution timed out while queued', { commandId: command.id, stationId: execution.stationId });
    }
    if (stale.length) await nextStep(command.id, deps);
  }
  return expired;
}
