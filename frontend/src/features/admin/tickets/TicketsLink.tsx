import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ticketQueries } from '@frontend/api/tickets';
import { adminTickets } from '@frontend/i18n/admin-tickets';
import { useMessages } from '@frontend/i18n/messages';
import { CountBadge } from '../CountBadge';
import { ReceiptIcon } from '../icons';

/** The admin header's way to the tickets, with the number of open (unassigned) ones. */
export function TicketsLink() {
  const t = useMessages(adminTickets);
  const counts = useQuery(ticketQueries.counts());
  const open = counts.data?.open ?? 0;
  return (
    <Link to="/admin/tickets" aria-label={t.headerLink(open)} title={t.headerLink(open)}
      className="relative inline-flex h-10 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:px-3">
      <ReceiptIcon size={16} />
      <span className="hidden lg:inline">{t.title}</span>
      <CountBadge count={open} tone="amber" testId="ticket-count" />
    </Link>
  );
}
