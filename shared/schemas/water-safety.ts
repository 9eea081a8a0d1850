import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

/**
 * Water safety (docs/stations.md, "Water safety"): sanitation visits and lab tests an admin records, and the locks a
 * quality breach, an overdue sanitation or a failed lab test put on a station until an admin or a technician clears them.
 */
/** 'manual': an admin or a technician locked the station on purpose (a leak, a broken tap), saying why. */
const safetyLockReasons = ['quality', 'sanitationOverdue', 'labTestFailed', 'manual'] as const;
const SafetyLockReason = lazySchema(() => z.enum(safetyLockReasons));

export const SafetyLock = lazySchema(() => z.object({
  reason: SafetyLockReason,
  /** What was seen, e.g. 'TDS 640 ppm (above 500 ppm)'. */
  detail: z.string(),
  at: z.string(),
}));
export type SafetyLock = z.infer<typeof SafetyLock>;

const day = () => z.iso.date({ error: 'Enter a date (YYYY-MM-DD)' });

/** What the public sees: the last passing lab test and sanitation (dates), and whether a safety lock holds. */
export const WaterCheck = lazySchema(() => z.object({
  lastLabTestAt: z.string().nullable(),
  lastLabTestResult: z.enum(['pass', 'fail']).nullable(),
  lastSanitationAt: z.string().nullable(),
  /** Locked for water safety (the reason only; the detail is the admin's). */
  lockedFor: SafetyLockReason.nullable(),
}));
export type WaterCheck = z.infer<typeof WaterCheck>;

export const SafetyRecordInput = lazySchema(() => z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sanitation'), date: day(), note: z.string().trim().max(500, 'At most 500 characters').default('') }),
  z.object({
    kind: z.literal('labTest'), date: day(),
    result: z.enum(['pass', 'fail'], { error: 'The result is pass or fail' }),
    note: z.string().trim().max(500, 'At most 500 characters').default(''),
  }),
], { error: 'kind is sanitation or labTest' }).superRefine((r, ctx) => {
  // Recorded after the fact, never ahead of it (a day of slack for time zones).
  if (Date.parse(r.date) > Date.now() + 86_400_000) ctx.addIssue({ code: 'custom', path: ['date'], message: 'The date cannot be in the future' });
}));

/** One entry of a station's water safety history, newest first. */
export const SafetyRecord = lazySchema(() => z.object({
  id: z.string(),
  stationId: z.string(),
  kind: z.enum(['sanitation', 'labTest', 'locked', 'unlocked']),
  /** The visit's or test's date (YYYY-MM-DD); for locks and unlocks the time. */
  date: z.string(),
  result: z.enum(['pass', 'fail']).nullable(),
  note: z.string(),
  /** Who recorded it: 'admin:<username>', or 'system' for an automatic lock. */
  by: z.string(),
  at: z.string(),
}));
export type SafetyRecord = z.infer<typeof SafetyRecord>;

export const SafetyOverview = lazySchema(() => z.object({
  lock: SafetyLock.nullable(),
  lastSanitationAt: z.string().nullable(),
  /** When the next sanitation is due (null when the interval is off). */
  sanitationDueAt: z.string().nullable(),
  lastLabTest: z.object({ at: z.string(), result: z.enum(['pass', 'fail']) }).nullable(),
  records: z.array(SafetyRecord),
}));

export const SafetyLockInput = lazySchema(() => z.object({ note: z.string().trim().min(1, 'Say why the station is locked').max(500, 'At most 500 characters') }));

export const SafetyClearInput = lazySchema(() => z.object({ note: z.string().trim().min(1, 'Say what was done').max(500, 'At most 500 characters') }));
