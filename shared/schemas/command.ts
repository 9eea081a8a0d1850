import * as z from '../zod';
import { lazySchema } from '../lazy-schema';
import { formatRupiah } from '../money';

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
export const CommandAction = /* @__PURE__ */ lazySchema(() => z.discriminatedUnion('type', [
  z.object({
    type: z.literal('setPrice'),
    pricePerLitre: z.number({ error: 'Enter a price in rupiah' }).check(z.int('Whole rupiah only'), z.positive('Must be more than 0'), z.lte(PRICE_MAX_IDR, `At most ${formatRupiah(PRICE_MAX_IDR)}`)),
  }),
  z.object({ type: z.literal('lock'), reason: z.string({ error: REASON_REQUIRED }).check(z.trim(), z.minLength(1, REASON_REQUIRED), z.maxLength(500, 'At most 500 characters')) }),
  z.object({ type: z.literal('unlock') }),
  z.object({ type: z.literal('restart') }),
  z.object({
    type: z.literal('firmware'),
    version: z.string({ error: 'Enter the firmware version' }).check(
      z.trim(),
      z.minLength(1, 'Enter the firmware version'),
      z.maxLength(64, 'At most 64 characters'),
      z.regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dots, dashes and underscores only'),
    ),
    rollout: z.object({
      /** Percent of the target stations each step adds (the first step: at least one station). */
      stepPercent: z.number({ error: 'Enter a percent' }).check(z.int('Whole percent only'), z.gte(1, 'Between 1 and 100'), z.lte(100, 'Between 1 and 100')),
      /** The rollout stops when failed / finished passes this percent at the end of a step. */
      abortFailurePercent: z.number({ error: 'Enter a percent' }).check(z.int('Whole percent only'), z.gte(0, 'Between 0 and 100'), z.lte(100, 'Between 0 and 100')),
    }, { error: 'Give the rollout: stepPercent and abortFailurePercent' }),
  }),
], { error: 'type is one of setPrice, lock, unlock, restart, firmware' }));
export type CommandAction = z.infer<typeof CommandAction>;

const CommandTarget = /* @__PURE__ */ lazySchema(() => z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({
    stationIds: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), { error: 'List the station ids' }).check(
      z.minLength(1, 'Pick at least one station'),
      z.maxLength(TARGET_MAX, `At most ${TARGET_MAX} stations`),
      z.refine((ids) => new Set(ids).size === ids.length, 'A station is listed twice'),
    ),
  }),
], { error: 'target is { stationIds: [...] } or { all: true }' }));

export const CommandInput = /* @__PURE__ */ lazySchema(() => z.intersection(CommandAction, z.object({ target: CommandTarget })));
export type CommandInput = z.infer<typeof CommandInput>;

const commandStatuses = ['in_progress', 'succeeded', 'failed', 'aborted'] as const;
/** in_progress until every execution finished: succeeded (all did), failed (some did not), aborted (by an admin or the threshold). */
const CommandStatus = /* @__PURE__ */ lazySchema(() => z.enum(commandStatuses));

const executionStatuses = ['queued', 'in_progress', 'succeeded', 'failed', 'canceled', 'timed_out'] as const;
const ExecutionStatus = /* @__PURE__ */ lazySchema(() => z.enum(executionStatuses));

/** One station's execution of a command. */
export const CommandExecution = /* @__PURE__ */ lazySchema(() => z.object({
  stationId: z.string(),
  status: ExecutionStatus,
  /** Percent the station reported (firmware), null before any. */
  progress: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  /** Why it failed, timed out or was canceled. */
  reason: z.nullable(z.string()),
  /** The rollout step it belongs to (1 for commands that go to all at once). */
  step: z.number().check(z.int(), z.positive()),
  updatedAt: z.string(),
}));
export type CommandExecution = z.infer<typeof CommandExecution>;

/** Every change of a command, by whom and when (its audit trail). */
const CommandEvent = /* @__PURE__ */ lazySchema(() => z.object({
  at: z.string(),
  /** '<role>:<e-mail>' of the admin, or 'system' (steps, the threshold). */
  by: z.string(),
  action: z.enum(['created', 'stepStarted', 'aborted', 'finished']),
  note: z.string(),
}));

export const Command = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  action: CommandAction,
  /** `all` when it went to every station there was. */
  target: z.enum(['all', 'stations']),
  stations: z.number().check(z.int()),
  status: CommandStatus,
  /** The step out now (1-based) of `steps`. */
  step: z.number().check(z.int()),
  steps: z.number().check(z.int()),
  counts: z.object({ succeeded: z.number().check(z.int()), failed: z.number().check(z.int()), canceled: z.number().check(z.int()) }),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  history: z.array(CommandEvent),
}));
export type Command = z.infer<typeof Command>;

export const CommandDetail = /* @__PURE__ */ lazySchema(() => z.extend(Command, { executions: z.array(CommandExecution) }));
export type CommandDetail = z.infer<typeof CommandDetail>;

export const CommandsQuery = /* @__PURE__ */ lazySchema(() => z.object({
  limit: z._default(z.coerce.number({ error: 'limit must be a number' }).check(z.int(), z.gte(1, 'limit is at least 1'), z.lte(100, 'limit is at most 100')), 25),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
}));
