import * as z from '../zod';
import { lazySchema } from '../lazy-schema';

/** What was wrong with a reported volume, for the console to say in words (the reported millilitres when above the authorization). */
export const VolumeProblem = /* @__PURE__ */ lazySchema(() => z.object({
  kind: z.enum(['missing', 'notNumber', 'negative', 'aboveAuthorized']),
  reportedMl: z.optional(z.number()),
}));
export type VolumeProblem = z.infer<typeof VolumeProblem>;

/** A station's report as received, kept with its incident: the reason in English (logs), the problem (older incidents: none). */
const IncidentReport = /* @__PURE__ */ lazySchema(() => z.object({ at: z.string(), payload: z.string(), reason: z.string(), problem: z.optional(VolumeProblem) }));

/**
 * A vend whose completion could not be settled as the station reported it (a volume that is not a whole number of
 * millilitres within the authorization): its hold is kept until the station's valid retry or an operator resolves it.
 */
export const VendIncident = /* @__PURE__ */ lazySchema(() => z.object({
  sessionId: z.string(),
  stationId: z.string(),
  userId: z.string(),
  machineName: z.string(),
  maxMl: z.number().check(z.int()),
  status: z.enum(['open', 'resolved']),
  holdKept: z.boolean(),
  firstReport: IncidentReport,
  lastReport: IncidentReport,
  reports: z.number().check(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolution: z.optional(z.object({ at: z.string(), by: z.string(), dispensedMl: z.number().check(z.int()), charged: z.number().check(z.int()), note: z.optional(z.string()) })),
}));
export type VendIncident = z.infer<typeof VendIncident>;

/** An operator's resolution: the millilitres actually dispensed (0 when nothing was), and how they know. */
export const IncidentResolutionInput = /* @__PURE__ */ lazySchema(() => z.object({
  dispensedMl: z.number({ error: 'Enter the millilitres dispensed' }).check(z.int('Whole millilitres'), z.nonnegative('0 or more')),
  note: z.string({ error: 'Say how you know the volume' }).check(z.trim(), z.minLength(1, 'Say how you know the volume'), z.maxLength(500)),
}));
