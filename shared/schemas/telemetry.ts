import * as z from '../zod';
import { lazySchema } from '../lazy-schema';

/** Readings are kept this long (DynamoDB TTL), per station (docs/architecture.md, "Telemetry"). */
export const TELEMETRY_RETENTION_DAYS = 90;
/** Widest range one telemetry request may ask for. */
const TELEMETRY_MAX_RANGE_DAYS = 31;
/** Most readings (or buckets) in one answer. */
export const TELEMETRY_PAGE_MAX = 1000;

const DAY_MS = 86_400_000;

/**
 * One heartbeat's readings as stored, keyed by when the broker received it (`at`). With `step`, one per bucket:
 * the averages of the readings in it, the counters of its last one, and how many heartbeats it holds.
 */
export const TelemetryReading = /* @__PURE__ */ lazySchema(() => z.object({
  at: z.string(),
  /** Percent of the tank. */
  waterLevel: z.number(),
  tdsPpm: z.number(),
  temperatureC: z.number(),
  /** The station's counters since it started (they go back to 0 when it restarts). */
  dispensedMl: z.number().check(z.int()),
  vends: z.number().check(z.int()),
  failures: z.number().check(z.int()),
  /** Mobile signal in dBm; null when the station does not report it. */
  signalDbm: z.nullable(z.number()),
  /** Heartbeats the reading stands for (1 without `step`). */
  heartbeats: z.number().check(z.int()),
}));
export type TelemetryReading = z.infer<typeof TelemetryReading>;

export const TelemetryQuery = /* @__PURE__ */ lazySchema(() => z.object({
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }),
  /** Seconds per bucket: averages instead of every reading (charts of 7 and 30 days). */
  step: z.optional(z.coerce.number({ error: 'step must be a number of seconds' }).check(z.int('step must be whole seconds'), z.gte(60, 'step is at least 60 seconds'), z.lte(86_400, 'step is at most 86400 seconds'))),
  limit: z._default(z.coerce.number({ error: 'limit must be a number' }).check(z.int(), z.gte(1, 'limit is at least 1'), z.lte(TELEMETRY_PAGE_MAX, `limit is at most ${TELEMETRY_PAGE_MAX}`)), TELEMETRY_PAGE_MAX),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
}).check(z.superRefine((q, ctx) => {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (!(to > from)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
  else if (to - from > TELEMETRY_MAX_RANGE_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', path: ['to'], message: `The range is at most ${TELEMETRY_MAX_RANGE_DAYS} days` });
  else if (q.step !== undefined && (to - from) / (q.step * 1000) > TELEMETRY_PAGE_MAX) ctx.addIssue({ code: 'custom', path: ['step'], message: `step is too small for this range (at most ${TELEMETRY_PAGE_MAX} buckets)` });
  if (q.step !== undefined && q.cursor !== undefined) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Bucketed readings come in one page' });
})));

/**
 * A station's events, newest first: connects, disconnects with IoT Core's reason, and technicians' check-ins at the
 * station (with who checked in).
 */
export const StationEvent = /* @__PURE__ */ lazySchema(() => z.object({
  at: z.string(),
  kind: z.enum(['connected', 'disconnected', 'checkedIn', 'command']),
  reason: z.nullable(z.string()),
  /** Who checked in or sent the command: 'technician:<e-mail>' or 'admin:<e-mail>' (check-ins and commands only). */
  by: z.optional(z.string()),
}));
export type StationEvent = z.infer<typeof StationEvent>;

/**
 * Where the technician's phone says it is when checking in (the browser's geolocation); the server measures the
 * distance to the station (docs/stations.md, "Check-in").
 */
export const CheckInInput = /* @__PURE__ */ lazySchema(() => z.object({
  latitude: z.number({ error: 'Share your location to check in' }).check(z.gte(-90, 'latitude is between -90 and 90'), z.lte(90, 'latitude is between -90 and 90')),
  longitude: z.number({ error: 'Share your location to check in' }).check(z.gte(-180, 'longitude is between -180 and 180'), z.lte(180, 'longitude is between -180 and 180')),
  /** The position's accuracy as the phone reports it (metres), kept with the check-in. */
  accuracyMetres: z.optional(z.number().check(z.gte(0, 'accuracyMetres is 0 or more'))),
}));
export type CheckInInput = z.infer<typeof CheckInInput>;

export const StationEventsQuery = /* @__PURE__ */ lazySchema(() => z.object({
  limit: z._default(z.coerce.number({ error: 'limit must be a number' }).check(z.int(), z.gte(1, 'limit is at least 1'), z.lte(50, 'limit is at most 50')), 20),
}));
