import * as z from '../zod';
import { AlertRule } from './alert';
import { lazySchema } from '../lazy-schema';

/**
 * Maintenance tickets (docs/architecture.md, "Tickets"): an opened alert or a public problem report opens one for its
 * station, one open ticket per station and cause; staff assign, comment on and close them.
 */
const ticketStatuses = ['open', 'assigned', 'closed'] as const;
const TicketStatus = /* @__PURE__ */ lazySchema(() => z.enum(ticketStatuses));

/** What opened a ticket or was added to it: an alert of a rule, or a problem report (its photo through the report's route). */
const TicketSource = /* @__PURE__ */ lazySchema(() => z.object({
  kind: z.enum(['alert', 'report']),
  /** The alert's id (`<stationId>.<rule>.<ms>`) or the report's id. */
  id: z.string(),
  at: z.string(),
  /** Alerts: their rule. */
  rule: z.nullable(AlertRule),
  /** Alerts: what was seen; reports: the category and the reporter's note. */
  detail: z.string(),
  /** Reports: whether a cleaned photo is kept. */
  photo: z.boolean(),
}));

const TicketComment = /* @__PURE__ */ lazySchema(() => z.object({ at: z.string(), by: z.string(), text: z.string() }));

/** Every change of a ticket, by whom and when (its audit trail). */
const TicketEvent = /* @__PURE__ */ lazySchema(() => z.object({
  at: z.string(),
  /** '<role>:<e-mail>' of a console user, or 'system' for what the alert rules and reports do. */
  by: z.string(),
  action: z.enum(['opened', 'sourceAdded', 'assigned', 'commented', 'closed']),
  note: z.string(),
}));
export type TicketEvent = z.infer<typeof TicketEvent>;

export const Ticket = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  stationId: z.string(),
  stationName: z.string(),
  /** One open ticket per station and cause: `alert:<rule>` or `reports`. */
  cause: z.string(),
  title: z.string(),
  status: TicketStatus,
  sources: z.array(TicketSource),
  /** The e-mail of the technician or admin it is assigned to. */
  assignee: z.nullable(z.string()),
  comments: z.array(TicketComment),
  history: z.array(TicketEvent),
  openedAt: z.string(),
  assignedAt: z.nullable(z.string()),
  assignedBy: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  closedBy: z.nullable(z.string()),
  resolution: z.nullable(z.string()),
}));
export type Ticket = z.infer<typeof Ticket>;

export const TicketsQuery = /* @__PURE__ */ lazySchema(() => z.object({
  /** `active` (the default): open and assigned, newest first; `closed`: newest closed first. */
  status: z._default(z.enum(['active', 'open', 'assigned', 'closed'], { error: 'status is one of active, open, assigned, closed' }), 'active'),
  /** Only the caller's own (assigned to them). */
  mine: z.optional(z.stringbool({ error: 'mine is true or false' })),
  stationId: z.optional(z.string().check(z.maxLength(64))),
  limit: z._default(z.coerce.number({ error: 'limit must be a number' }).check(z.int(), z.gte(1, 'limit is at least 1'), z.lte(100, 'limit is at most 100')), 50),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
}));

const TICKET_TEXT_MAX = 2000;
const text = (required: string) => z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(TICKET_TEXT_MAX, `At most ${TICKET_TEXT_MAX} characters`));

export const TicketAssignInput = /* @__PURE__ */ lazySchema(() => z.object({ assignee: z.email({ error: 'Choose a technician or admin' }).check(z.maxLength(254), z.toLowerCase()) }));
/** A console account a ticket can be assigned to: an administrator or a technician (their Cognito group). */
export const StaffMember = /* @__PURE__ */ lazySchema(() => z.object({ email: z.string(), name: z.string(), role: z.enum(['admin', 'technician']) }));
export type StaffMember = z.infer<typeof StaffMember>;

export const TicketCommentInput = /* @__PURE__ */ lazySchema(() => z.object({ text: text('Write a comment') }));
export const TicketCloseInput = /* @__PURE__ */ lazySchema(() => z.object({ resolution: text('Say how it was resolved') }));

export const TicketCounts = /* @__PURE__ */ lazySchema(() => z.object({ open: z.number().check(z.int()), assigned: z.number().check(z.int()) }));
