import * as z from '../zod';
import { lazySchema } from '../lazy-schema';

/**
 * What an alert is about: a station silent too long, its tank low, its water out of range, no vend for hours while
 * online, its filter near the end of its life, too many of its vends failing; or, for the whole fleet (station id
 * `FLEET_ALERT_SCOPE`), messages waiting in a dead-letter queue.
 */
export const alertRules = ['offline', 'lowWater', 'quality', 'noVend', 'filterLife', 'vendFailures', 'deadLetters'] as const;
export const AlertRule = /* @__PURE__ */ lazySchema(() => z.enum(alertRules));
export type AlertRule = z.infer<typeof AlertRule>;
/** The station id of alerts about the back end rather than one station (the dead-letter rule). */
export const FLEET_ALERT_SCOPE = 'FLEET';

/** open -> acknowledged (someone is on it: no more e-mails) -> resolved (the condition ended); open -> resolved too. */
const alertStatuses = ['open', 'acknowledged', 'resolved'] as const;
const AlertStatus = /* @__PURE__ */ lazySchema(() => z.enum(alertStatuses));

export const Alert = /* @__PURE__ */ lazySchema(() => z.object({
  /** `<stationId>.<rule>.<opened at, ms>` */
  id: z.string(),
  stationId: z.string(),
  stationName: z.string(),
  rule: AlertRule,
  status: AlertStatus,
  /** What was seen, e.g. 'Water level 12% (below 15%)'. */
  detail: z.string(),
  openedAt: z.string(),
  acknowledgedAt: z.nullable(z.string()),
  acknowledgedBy: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  /** E-mails sent about it (the first and the repeats). */
  notifications: z.number().check(z.int()),
  lastNotifiedAt: z.nullable(z.string()),
}));
export type Alert = z.infer<typeof Alert>;

/** An instant with its offset (the console sends local midnights); kept as UTC ISO, as the table stores times. */
const Instant = (name: string) => z.pipe(z.iso.datetime({ offset: true, error: `${name} is a date and time (ISO 8601)` }), z.transform((v) => new Date(v).toISOString()));

export const AlertsQuery = /* @__PURE__ */ lazySchema(() => z.object({
  /** `active` (the default): open and acknowledged. */
  status: z._default(z.enum(['active', ...alertStatuses], { error: 'status is one of active, open, acknowledged, resolved' }), 'active'),
  stationId: z.optional(z.string().check(z.maxLength(64))),
  rule: z.optional(AlertRule),
  /** Alerts opened at or after `from` and before `to`. */
  from: z.optional(Instant('from')),
  to: z.optional(Instant('to')),
  limit: z._default(z.coerce.number({ error: 'limit must be a number' }).check(z.int(), z.gte(1, 'limit is at least 1'), z.lte(100, 'limit is at most 100')), 50),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
}).check(z.refine((q) => !q.from || !q.to || q.from < q.to, { error: 'from is before to', path: ['to'] })));

export const AlertCounts = /* @__PURE__ */ lazySchema(() => z.object({ open: z.number().check(z.int()), acknowledged: z.number().check(z.int()) }));
