import * as z from '../zod';
import { lazySchema } from '../lazy-schema';

/** 'manual': an admin or a technician locked the station on purpose (a leak, a broken tap), saying why. */
const safetyLockReasons = ['quality', 'sanitationOverdue', 'labTestFailed', 'manual'] as const;
const SafetyLockReason = /* @__PURE__ */ lazySchema(() => z.enum(safetyLockReasons));

/** The lock a quality breach, an overdue sanitation or a failed lab test (or a person) puts on a station. */
export const SafetyLock = /* @__PURE__ */ lazySchema(() => z.object({
  reason: SafetyLockReason,
  /** What was seen, e.g. 'TDS 640 ppm (above 500 ppm)'. */
  detail: z.string(),
  at: z.string(),
}));
export type SafetyLock = z.infer<typeof SafetyLock>;

/** What the public sees: the last passing lab test and sanitation (dates), and whether a safety lock holds. */
export const WaterCheck = /* @__PURE__ */ lazySchema(() => z.object({
  lastLabTestAt: z.nullable(z.string()),
  lastLabTestResult: z.nullable(z.enum(['pass', 'fail'])),
  lastSanitationAt: z.nullable(z.string()),
  /** Locked for water safety (the reason only; the detail is the admin's). */
  lockedFor: z.nullable(SafetyLockReason),
}));
export type WaterCheck = z.infer<typeof WaterCheck>;
