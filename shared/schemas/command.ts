import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

/**
 * Remote commands to stations and staged firmware rollouts (docs/stations.md, "Remote commands"): an administrator
 * sends one command to some stations or all; each station's execution is tracked (queued, in progress with a percent,
 * then succeeded, failed, canceled or timed out). A firmware update goes out a step (a percent of the stations) at a
 * time and stops by itself when the failures pass its threshold.
 */
const PRICE_MAX_IDR = 1_000_000;
const TARGET_MAX = 1000;
const REASON_REQUIRED = 'Say why the station is locked';

/** What a station does: its parameters as the job document carries them. */
export const CommandAction = lazySchema(() => z.discriminatedUnion('type', [
  z.object({
    type: z.literal('setPrice'),
    pricePerLitre: z.number({ error: 'Enter a price in rupiah' }).int('Whole rupiah only').positive('Must be more than 0').max(PRICE_MAX_IDR, `At most Rp ${PRICE_MAX_IDR.toLocaleString('en-US')}`),
  }),
  z.object({ type: z.literal('lock'), reason: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(500, 'At most 500 characters') }),
  z.object({ type: z.literal('unlock') }),
  z.object({ type: z.literal('restart') }),
  z.object({
    type: z.literal('firmware'),
    version: z.string({ error: 'Enter the firmware version' }).trim().min(1, 'Enter the firmware version').max(64, 'At most 64 characters')
      .regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dots, dashes and underscores only'),
    rollout: z.object({
      /** Percent of the target stations each step adds (the first step: at least one station). */
      stepPercent: z.number({ error: 'Enter a percent' }).int('Whole percent only').min(1, 'Between 1 and 100').max(100, 'Between 1 and 100'),
      /** The rollout stops when failed / finished passes this percent at the end of a step. */
      abortFailurePercent: z.number({ error: 'Enter a percent' }).int('Whole percent only').min(0, 'Between 0 and 100').max(100, 'Between 0 and 100'),
    }, { error: 'Give the rollout: stepPercent and abortFailurePercent' }),
  }),
], { error: 'type is one of setPrice, lock, unlock, restart, firmware' }));
export type CommandAction = z.infer<typeof CommandAction>;

const CommandTarget = lazySchema(() => z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({
    stationIds: z.array(z.string().trim().min(1).max(64), { error: 'List the station ids' })
      .min(1, 'Pick at least one station').max(TARGET_MAX, `At most ${TARGET_MAX} stations`)
      .refine((ids) => new Set(ids).size === ids.length, 'A station is listed twice'),
  }).strict(),
], { error: 'target is { stationIds: [...] } or { all: true }' }));

export const CommandInput = lazySchema(() => z.intersection(CommandAction, z.object({ target: CommandTarget })));
export type CommandInput = z.infer<typeof CommandInput>;

const commandStatuses = ['in_progress', 'succeeded', 'failed', 'aborted'] as const;
/** in_progress until every execution finished: succeeded (all did), failed (some did not), aborted (by an admin or the threshold). */
const CommandStatus = lazySchema(() => z.enum(commandStatuses));

const executionStatuses = ['queued', 'in_progress', 'succeeded', 'failed', 'canceled', 'timed_out'] as const;
const ExecutionStatus = lazySchema(() => z.enum(executionStatuses));

/** One station's execution of a command. */
export const CommandExecution = lazySchema(() => z.object({
  stationId: z.string(),
  status: ExecutionStatus,
  /** Percent the station reported (firmware), null before any. */
  progress: z.number().min(0).max(100).nullable(),
  /** Why it failed, timed out or was canceled. */
  reason: z.string().nullable(),
  /** The rollout step it belongs to (1 for commands that go to all at once). */
  step: z.number().int().positive(),
  updatedAt: z.string(),
}));
export type CommandExecution = z.infer<typeof CommandExecution>;

/** Every change of a command, by whom and when (its audit trail). */
const CommandEvent = lazySchema(() => z.object({
  at: z.string(),
  /** '<role>:<e-mail>' of the admin, or 'system' (steps, the threshold). */
  by: z.string(),
  action: z.enum(['created', 'stepStarted', 'aborted', 'finished']),
  note: z.string(),
}));

export const Command = lazySchema(() => z.object({
  id: z.string(),
  action: CommandAction,
  /** `all` when it went to every station there was. */
  target: z.enum(['all', 'stations']),
  stations: z.number().int(),
  status: CommandStatus,
  /** The step out now (1-based) of `steps`. */
  step: z.number().int(),
  steps: z.number().int(),
  counts: z.object({ succeeded: z.number().int(), failed: z.number().int(), canceled: z.number().int() }),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  history: z.array(CommandEvent),
}));
export type Command = z.infer<typeof Command>;

export const CommandDetail = lazySchema(() => Command.extend({ executions: z.array(CommandExecution) }));
export type CommandDetail = z.infer<typeof CommandDetail>;

export const CommandsQuery = lazySchema(() => z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit is at least 1').max(100, 'limit is at most 100').default(25),
  cursor: z.string().max(2000).optional(),
}));
