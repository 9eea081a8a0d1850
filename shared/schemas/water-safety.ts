import * as z from '../zod';
import { lazySchema } from '../lazy-schema';
import { baliDate } from '../bali-time';
import { uploadKey } from './upload';
import { SafetyLock } from './water-check';

/**
 * Water safety (docs/stations.md, "Water safety"): sanitation visits and lab tests an admin records, and the locks a
 * quality breach, an overdue sanitation or a failed lab test put on a station until an admin or a technician clears them.
 */

const day = () => z.iso.date({ error: 'Enter a date (YYYY-MM-DD)' });


/** A lab test's report: one PDF, at most this size (checked again on the stored bytes, which must start with `%PDF-`). */
export const LAB_REPORT_TYPE = 'application/pdf';
export const MAX_LAB_REPORT_BYTES = 5 * 1024 * 1024;

export const LabReportUploadRequest = /* @__PURE__ */ lazySchema(() => z.object({
  contentType: z.literal(LAB_REPORT_TYPE, { error: 'The lab report must be a PDF' }),
  size: z.number({ error: 'The size in bytes' }).check(z.int(), z.gte(1, 'The file is empty'), z.lte(MAX_LAB_REPORT_BYTES, 'The PDF is larger than 5 MB')),
}));

/** A short-lived link to a lab test's PDF (straight from storage: a 5 MB PDF does not fit a function's answer). */
export const LabReportLink = /* @__PURE__ */ lazySchema(() => z.object({ url: z.string(), expiresAt: z.string() }));

export const SafetyRecordParams = /* @__PURE__ */ lazySchema(() => z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)), recordId: z.string().check(z.minLength(1), z.maxLength(64)) }));

export const SafetyRecordInput = /* @__PURE__ */ lazySchema(() => z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sanitation'), date: day(), note: z._default(z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters')), '') }),
  z.object({
    kind: z.literal('labTest'), date: day(),
    result: z.enum(['pass', 'fail'], { error: 'The result is pass or fail' }),
    note: z._default(z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters')), ''),
    /** The lab's report, uploaded first (LabReportUploadRequest); kept under the record. */
    reportKey: z.optional(uploadKey('Not an uploaded PDF')),
  }),
], { error: 'kind is sanitation or labTest' }).check(z.superRefine((r, ctx) => {
  // Recorded after the fact, never ahead of it: no later than today in Bali (a visit at 06:00 there is that day's).
  if (r.date > baliDate()) ctx.addIssue({ code: 'custom', path: ['date'], message: 'The date cannot be in the future' });
})));

/** One entry of a station's water safety history, newest first. */
export const SafetyRecord = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  stationId: z.string(),
  kind: z.enum(['sanitation', 'labTest', 'locked', 'unlocked']),
  /** The visit's or test's date (YYYY-MM-DD); for locks and unlocks the time. */
  date: z.string(),
  result: z.nullable(z.enum(['pass', 'fail'])),
  note: z.string(),
  /** Who recorded it: 'admin:<username>', or 'system' for an automatic lock. */
  by: z.string(),
  at: z.string(),
  /** A lab test's PDF report, when one was attached (its size; the file through adminGetLabReport). */
  labReport: z.optional(z.object({ bytes: z.number().check(z.int()) })),
}));
export type SafetyRecord = z.infer<typeof SafetyRecord>;

export const SafetyOverview = /* @__PURE__ */ lazySchema(() => z.object({
  lock: z.nullable(SafetyLock),
  lastSanitationAt: z.nullable(z.string()),
  /** When the next sanitation is due (null when the interval is off). */
  sanitationDueAt: z.nullable(z.string()),
  lastLabTest: z.nullable(z.object({ at: z.string(), result: z.enum(['pass', 'fail']) })),
  records: z.array(SafetyRecord),
}));

export const SafetyLockInput = /* @__PURE__ */ lazySchema(() => z.object({ note: z.string().check(z.trim(), z.minLength(1, 'Say why the station is locked'), z.maxLength(500, 'At most 500 characters')) }));

export const SafetyClearInput = /* @__PURE__ */ lazySchema(() => z.object({ note: z.string().check(z.trim(), z.minLength(1, 'Say what was done'), z.maxLength(500, 'At most 500 characters')) }));
