import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ticketQueries } from '@frontend/api/tickets';
import { adminTickets } from '@frontend/i18n/admin-tickets';
import { useMessages } from '@frontend/i18n/messages';
import { formatDateTime } from '../format';
import { Card, Pill, Spinner } from '@frontend/components/ui';
import { ticketTone, useTicketTitle } from './TicketsPage';

/** A station page's open tickets (open and assigned), each linked to its page. */
export function StationTickets({ stationId }: { stationId: string }) {
  const t = useMessages(adminTickets);
  const title = useTicketTitle();
  const tickets = useQuery({ ...ticketQueries.ofStation(stationId), select: (page) => page.items });
  return (
    <Card className="self-start p-4 sm:p-5">
      <h2 className="font-semibold text-slate-900">{t.stationTickets}</h2>
      {!tickets.data ? <Spinner className="mt-3 h-5 w-5 text-brand-600" /> : tickets.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.stationNoTickets}</p>
      ) : (
        <ul aria-label={t.stationTickets} className="mt-2 space-y-2">
          {tickets.data.map((ticket) => (
            <li key={ticket.id} className="flex flex-wrap items-center gap-2 text-sm">
              <Pill tone={ticketTone(ticket.status)}>{t.statuses[ticket.status]}</Pill>
              <Link to="/admin/tickets/$id" params={{ id: ticket.id }} className="font-semibold text-brand-700 hover:underline">{title(ticket)}</Link>
              <span className="text-xs text-slate-500">{t.opened(formatDateTime(ticket.openedAt))}{ticket.assignee ? ` · ${t.assignedTo(ticket.assignee)}` : ''}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/admin/tickets" search={{ view: 'active', station: stationId }} className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">{t.viewAll}</Link>
    </Card>
  );
}
