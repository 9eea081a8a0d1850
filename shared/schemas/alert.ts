import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

/**
 * What an alert is about: a station silent too long, its tank low, its water out of range, no vend for hours while
 * online, its filter near the end of its life, too many of its vends failing; or, for the whole fleet (station id
 * `FLEET_ALERT_SCOPE`), messages waiting in a dead-letter queue.
 */
export const alertRules = ['offline', 'lowWater', 'quality', 'noVend', 'filterLife', 'vendFailures', 'deadLetters'] as const;
export const AlertRule = lazySchema(() => z.enum(alertRules));
export type AlertRule = z.infer<typeof AlertRule>;
/** The station id of alerts about the back end rather than one station (the dead-letter rule). */
export const FLEET_ALERT_SCOPE = 'FLEET';

/** open -> acknowledged (someone is on it: no more e-mails) -> resolved (the condition ended); open -> resolved too. */
const alertStatuses = ['open', 'acknowledged', 'resolved'] as const;
const AlertStatus = lazySchema(() => z.enum(alertStatuses));

export const Alert = lazySchema(() => z.object({
  /** `<stationId>.<rule>.<opened at, ms>` */
  id: z.string(),
  stationId: z.string(),
  stationName: z.string(),
  rule: AlertRule,
  status: AlertStatus,
  /** What was seen, e.g. 'Water level 12% (below 15%)'. */
  detail: z.string(),
  openedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** E-mails sent about it (the first and the repeats). */
  notifications: z.number().int(),
  lastNotifiedAt: z.string().nullable(),
}));
export type Alert = z.infer<typeof Alert>;

/** An instant with its offset (the console sends local midnights); kept as UTC ISO, as the table stores times. */
const Instant = (name: string) => z.iso.datetime({ offset: true, error: `${name} is a date and time (ISO 8601)` }).transform((v) => new Date(v).toISOString());

export const AlertsQuery = lazySchema(() => z.object({
  /** `active` (the default): open and acknowledged. */
  status: z.enum(['active', ...alertStatuses], { error: 'status is one of active, open, acknowledged, resolved' }).default('active'),
  stationId: z.string().max(64).optional(),
  rule: AlertRule.optional(),
  /** Alerts opened at or after `from` and before `to`. */
  from: Instant('from').optional(),
  to: Instant('to').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit is at least 1').max(100, 'limit is at most 100').default(50),
  cursor: z.string().max(2000).optional(),
}).refine((q) => !q.from || !q.to || q.from < q.to, { error: 'from is before to', path: ['to'] }));

export const AlertCounts = lazySchema(() => z.object({ open: z.number().int(), acknowledged: z.number().int() }));
