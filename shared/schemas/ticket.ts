import * as z from 'zod';
import { AlertRule } from './alert';
import { lazySchema } from '../lazy-schema';

/**
 * Maintenance tickets (docs/architecture.md, "Tickets"): an opened alert or a public problem report opens one for its
 * station, one open ticket per station and cause; staff assign, comment on and close them.
 */
const ticketStatuses = ['open', 'assigned', 'closed'] as const;
const TicketStatus = lazySchema(() => z.enum(ticketStatuses));

/** What opened a ticket or was added to it: an alert of a rule, or a problem report (its photo through the report's route). */
const TicketSource = lazySchema(() => z.object({
  kind: z.enum(['alert', 'report']),
  /** The alert's id (`<stationId>.<rule>.<ms>`) or the report's id. */
  id: z.string(),
  at: z.string(),
  /** Alerts: their rule. */
  rule: AlertRule.nullable(),
  /** Alerts: what was seen; reports: the category and the reporter's note. */
  detail: z.string(),
  /** Reports: whether a cleaned photo is kept. */
  photo: z.boolean(),
}));

const TicketComment = lazySchema(() => z.object({ at: z.string(), by: z.string(), text: z.string() }));

/** Every change of a ticket, by whom and when (its audit trail). */
const TicketEvent = lazySchema(() => z.object({
  at: z.string(),
  /** '<role>:<e-mail>' of a console user, or 'system' for what the alert rules and reports do. */
  by: z.string(),
  action: z.enum(['opened', 'sourceAdded', 'assigned', 'commented', 'closed']),
  note: z.string(),
}));
export type TicketEvent = z.infer<typeof TicketEvent>;

export const Ticket = lazySchema(() => z.object({
  id: z.string(),
  stationId: z.string(),
  stationName: z.string(),
  /** One open ticket per station and cause: `alert:<rule>` or `reports`. */
  cause: z.string(),
  title: z.string(),
  status: TicketStatus,
  sources: z.array(TicketSource),
  /** The e-mail of the technician or admin it is assigned to. */
  assignee: z.string().nullable(),
  comments: z.array(TicketComment),
  history: z.array(TicketEvent),
  openedAt: z.string(),
  assignedAt: z.string().nullable(),
  assignedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  resolution: z.string().nullable(),
}));
export type Ticket = z.infer<typeof Ticket>;

export const TicketsQuery = lazySchema(() => z.object({
  /** `active` (the default): open and assigned, newest first; `closed`: newest closed first. */
  status: z.enum(['active', 'open', 'assigned', 'closed'], { error: 'status is one of active, open, assigned, closed' }).default('active'),
  /** Only the caller's own (assigned to them). */
  mine: z.stringbool({ error: 'mine is true or false' }).optional(),
  stationId: z.string().max(64).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit is at least 1').max(100, 'limit is at most 100').default(50),
  cursor: z.string().max(2000).optional(),
}));

const TICKET_TEXT_MAX = 2000;
const text = (required: string) => z.string({ error: required }).trim().min(1, required).max(TICKET_TEXT_MAX, `At most ${TICKET_TEXT_MAX} characters`);

export const TicketAssignInput = lazySchema(() => z.object({ assignee: z.email({ error: 'Choose a technician or admin' }).max(254).toLowerCase() }));
/** A console account a ticket can be assigned to: an administrator or a technician (their Cognito group). */
export const StaffMember = lazySchema(() => z.object({ email: z.string(), name: z.string(), role: z.enum(['admin', 'technician']) }));
export type StaffMember = z.infer<typeof StaffMember>;

export const TicketCommentInput = lazySchema(() => z.object({ text: text('Write a comment') }));
export const TicketCloseInput = lazySchema(() => z.object({ resolution: text('Say how it was resolved') }));

export const TicketCounts = lazySchema(() => z.object({ open: z.number().int(), assigned: z.number().int() }));
