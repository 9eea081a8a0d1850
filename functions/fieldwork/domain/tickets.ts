import type * as z from 'zod/mini';
import { reportSourceDetail, type ProblemReport } from '@shared/schemas/report';
import { type StaffMember, type Ticket, type TicketEvent, type TicketsQuery } from '@shared/schemas/ticket';
import type { Language } from '@shared/language';
import type { AlertFacts } from '../../fleet/ports/alerts';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { Log } from '../../platform/ports/log';
import type { Mailer } from '../../platform/ports/mailer';
import type { ProblemReports } from '../ports/problem-reports';
import type { StaffDirectory, TicketRecord, Tickets } from '../ports/tickets';
import { alertDetail } from '../../fleet/domain/alert-details';
import { conflict, invalid, notFound } from '../../platform/domain/errors';
import { renderEmail } from '../../platform/domain/email-template';
import { ticketAssignedEmail } from './ticket-emails';
import * as texts from './texts';

/**
 * Maintenance tickets (docs/architecture.md, "Tickets"). An opened alert or a new problem report opens a ticket for
 * its station, or is added to the station's open ticket of the same cause (the alert's rule; all reports share one);
 * administrators and technicians assign (the assignee is e-mailed), comment on and close them. Closing, with a note
 * of what was done, resolves the ticket's open problem reports in the same transaction. Every change is kept on the
 * ticket with who and when.
 */

/** Who records what the alert rules and the public do to tickets. */
const SYSTEM = 'system';
/** The most problem reports one close resolves with it (a transaction holds at most 100 writes). */
const CLOSE_REPORTS_MAX = 90;
/** Tries of closing when a linked report is resolved on its own meanwhile. */
const CLOSE_TRIES = 3;

type OpenDeps = { tickets: Tickets; ids: Ids };

/** The ticket in `language`: an alert's detail composed from its facts (one stored without them keeps its English). */
function toTicket(record: TicketRecord, language: Language): Ticket {
  return { ...record, sources: record.sources.map(({ facts, ...source }) => (facts ? { ...source, detail: alertDetail(facts)[language] } : source)) };
}

function newTicket(station: { id: string; name: string }, cause: string, title: string, source: TicketRecord['sources'][number], ids: Ids): TicketRecord {
  return {
    id: ids.next(), stationId: station.id, stationName: station.name, cause, title, status: 'open', sources: [source], assignee: null,
    comments: [], history: [{ at: source.at, by: SYSTEM, action: 'opened', note: `${source.kind} ${source.id}` }],
    openedAt: source.at, assignedAt: null, assignedBy: null, closedAt: null, closedBy: null, resolution: null,
  };
}

/** An alert of a station opened: its ticket for the rule, new or the open one. */
export function ticketForAlert(alert: { id: string; stationId: string; stationName: string; rule: NonNullable<Ticket['sources'][number]['rule']>; detail: string; facts?: AlertFacts | undefined; openedAt: string }, title: string, deps: OpenDeps) {
  const source = { kind: 'alert' as const, id: alert.id, at: alert.openedAt, rule: alert.rule, detail: alert.detail, ...(alert.facts ? { facts: alert.facts } : {}), photo: false };
  return deps.tickets.openOrAdd(newTicket({ id: alert.stationId, name: alert.stationName }, `alert:${alert.rule}`, title, source, deps.ids));
}

/** A problem report was made: the station's ticket for reports, new or the open one. */
export function ticketForReport(report: Pick<ProblemReport, 'id' | 'stationId' | 'stationName' | 'category' | 'note' | 'photo' | 'createdAt'>, deps: OpenDeps) {
  const detail = reportSourceDetail(report.category, report.note);
  const source = { kind: 'report' as const, id: report.id, at: report.createdAt, rule: null, detail, photo: report.photo !== null };
  return deps.tickets.openOrAdd(newTicket({ id: report.stationId, name: report.stationName }, 'reports', 'Problem reported', source, deps.ids));
}

export async function listTickets(query: z.output<typeof TicketsQuery>, caller: string, deps: { tickets: Tickets }, language: Language = 'en') {
  const page = await deps.tickets.list({ status: query.status, stationId: query.stationId, assignee: query.mine ? caller : undefined, limit: query.limit, cursor: query.cursor });
  return { ...page, items: page.items.map((ticket) => toTicket(ticket, language)) };
}

async function storedTicket(id: string, deps: { tickets: Tickets }): Promise<TicketRecord> {
  const ticket = await deps.tickets.get(id);
  if (!ticket) throw notFound(texts.ticketNotFound);
  return ticket;
}

export async function getTicket(id: string, deps: { tickets: Tickets }, language: Language = 'en'): Promise<Ticket> {
  return toTicket(await storedTicket(id, deps), language);
}

/** The answer when a change found the ticket closed or gone. */
async function unchanged(id: string, deps: { tickets: Tickets }): Promise<never> {
  if (await deps.tickets.get(id)) throw conflict(texts.ticketClosed);
  throw notFound(texts.ticketNotFound);
}

type AssignDeps = { tickets: Tickets; staff: StaffDirectory; mailer: Mailer; clock: Clock; log: Log };

/** Who a ticket can be assigned to, by name (the picker on the ticket page). */
export async function assignableStaff(deps: { staff: StaffDirectory }): Promise<StaffMember[]> {
  return (await deps.staff.assignable()).sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

/** Assigns a ticket to a technician or an administrator (by sign-in e-mail), who is e-mailed about it. */
export async function assignTicket(id: string, assignee: string, actor: string, deps: AssignDeps, language: Language = 'en'): Promise<Ticket> {
  const role = await deps.staff.roleOf(assignee);
  if (role !== 'technician' && role !== 'admin') throw invalid(texts.notStaffAccount, { assignee: 'Choose a technician or admin' });
  const at = deps.clock.now().toISOString();
  const event: TicketEvent = { at, by: actor, action: 'assigned', note: assignee };
  const ticket = await deps.tickets.change(id, { set: { status: 'assigned', assignee, assignedAt: at, assignedBy: actor }, event });
  if (!ticket) return unchanged(id, deps);
  try {
    await deps.mailer.send({ to: assignee, ...assignmentEmail(ticket, actor, deps.mailer) });
  } catch (error) {
    // The ticket is assigned either way; the assignee also finds it under "Mine".
    deps.log.warn('ticket assignment e-mail failed', { ticket: id, error: (error as Error).message });
  }
  return toTicket(ticket, language);
}

/** The assignee's e-mail, in English (ticket-emails.ts says why). */
const assignmentEmail = (ticket: TicketRecord, actor: string, mailer: Mailer) => renderEmail(ticketAssignedEmail, {
  assignedBy: actor.replace(/^[a-z]+:/, ''), title: ticket.title, stationId: ticket.stationId, stationName: ticket.stationName,
  sources: ticket.sources.map((s) => ({ kind: s.kind, at: s.at, detail: s.detail })),
  link: mailer.linkTo(`/admin/tickets/${encodeURIComponent(ticket.id)}`),
}, 'en');

export async function commentOnTicket(id: string, text: string, actor: string, deps: { tickets: Tickets; clock: Clock }, language: Language = 'en'): Promise<Ticket> {
  const at = deps.clock.now().toISOString();
  const ticket = await deps.tickets.change(id, { comment: { at, by: actor, text }, event: { at, by: actor, action: 'commented', note: '' } });
  return ticket ? toTicket(ticket, language) : unchanged(id, deps);
}

/** Closes a ticket with what was done; its open problem reports are resolved with it (the station's flag clears). */
export async function closeTicket(id: string, resolution: string, actor: string, deps: { tickets: Tickets; problemReports: ProblemReports; clock: Clock }, language: Language = 'en'): Promise<Ticket> {
  for (let attempt = 0; attempt < CLOSE_TRIES; attempt++) {
    const ticket = await storedTicket(id, deps);
    if (ticket.status === 'closed') throw conflict(texts.ticketClosed);
    const reports = await Promise.all(ticket.sources.filter((s) => s.kind === 'report').map((s) => deps.problemReports.get(s.id)));
    const open = reports.filter((r) => r?.status === 'open').map((r) => r!.id).slice(0, CLOSE_REPORTS_MAX);
    const at = deps.clock.now().toISOString();
    const note = open.length ? `${resolution} (resolved ${open.length} problem report${open.length === 1 ? '' : 's'})` : resolution;
    const closed = await deps.tickets.close(ticket, { closedAt: at, closedBy: actor, resolution, event: { at, by: actor, action: 'closed', note } }, open);
    if (closed) return toTicket(closed, language);
  }
  // Closed by someone else meanwhile, or its reports kept changing.
  const now = await storedTicket(id, deps);
  if (now.status === 'closed') throw conflict(texts.ticketClosed);
  throw conflict(texts.ticketChangedWhileClosing);
}
