import type { StaffRole } from '@shared/roles';
import type { StaffMember, Ticket, TicketEvent } from '@shared/schemas/ticket';
import type { AlertFacts } from '../../fleet/ports/alerts';

/** An alert or report of a ticket as stored: an alert's keeps the facts its detail is composed from in each language. */
type TicketSourceRecord = Ticket['sources'][number] & { facts?: AlertFacts };

/** A ticket as stored (functions/fieldwork/domain/tickets.ts has its lifecycle). */
export type TicketRecord = Omit<Ticket, 'sources'> & { sources: TicketSourceRecord[] };

export interface TicketFilter {
  status: 'active' | 'open' | 'assigned' | 'closed';
  /** Only the tickets assigned to this e-mail. */
  assignee?: string | undefined;
  stationId?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** A change of an open or assigned ticket: attributes to set, a comment or a source to add, and its history entry. */
export interface TicketChange {
  set?: Partial<Pick<TicketRecord, 'status' | 'assignee' | 'assignedAt' | 'assignedBy'>>;
  comment?: TicketRecord['comments'][number];
  /** One more alert or report of the ticket's cause. */
  source?: TicketRecord['sources'][number];
  event: TicketEvent;
}

export interface Tickets {
  /**
   * Opens `ticket` unless its station has an open ticket of the same cause; then adds the source (the ticket's first)
   * to that one. Answers the ticket as stored and whether it is new.
   */
  openOrAdd(ticket: TicketRecord): Promise<{ ticket: TicketRecord; opened: boolean }>;
  get(id: string): Promise<TicketRecord | null>;
  list(filter: TicketFilter): Promise<{ items: TicketRecord[]; nextCursor: string | null }>;
  counts(): Promise<{ open: number; assigned: number }>;
  /** Changes a ticket that is not closed; null when it is closed (or gone). */
  change(id: string, change: TicketChange): Promise<TicketRecord | null>;
  /**
   * Closes a ticket that is not closed and, in the same transaction, resolves the problem reports `openReports` (all
   * still open: the transaction fails otherwise) and uncounts them on the station; null when a condition failed.
   */
  close(ticket: TicketRecord, close: { closedAt: string; closedBy: string; resolution: string; event: TicketEvent }, openReports: string[]): Promise<TicketRecord | null>;
}

/** Who a console account is, by its sign-in e-mail: its console role, or null (no such account, or an app user). */
export interface StaffDirectory {
  roleOf(email: string): Promise<StaffRole | null>;
  /** The enabled accounts of the admin and technician groups (an account in both is an admin), in no order. */
  assignable(): Promise<StaffMember[]>;
}
