import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { reportSourceParts } from '@shared/schemas/report';
import { type Ticket } from '@shared/schemas/ticket';
import { ticketQueries, type TicketFilters } from '@frontend/api/tickets';
import { adminAlerts } from '@frontend/i18n/admin-alerts';
import { adminTickets } from '@frontend/i18n/admin-tickets';
import { reportTexts } from '@frontend/i18n/reports';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import type { TicketView } from '@frontend/search';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { formatDateTime } from '../format';
import { Button, Card, EmptyState, LoadingRows, Pill } from '@frontend/components/ui';

type Texts = Translation<(typeof adminTickets)['en']>;
const VIEWS = ['active', 'open', 'mine', 'closed'] as const;

const filtersOf = (view: TicketView, station: string | undefined): TicketFilters => ({
  status: view === 'mine' ? 'active' : view,
  ...(view === 'mine' ? { mine: 'true' } : {}),
  ...(station ? { stationId: station } : {}),
});

export const ticketTone = (status: Ticket['status']) => (status === 'open' ? 'red' : status === 'assigned' ? 'amber' : 'green');

/** /admin/tickets (administrators and technicians): the list, filtered by ?view= and ?station=. */
export function TicketsPage({ view = 'active', station }: { view?: TicketView | undefined; station?: string | undefined }) {
  const t = useMessages(adminTickets);
  const navigate = useNavigate();
  const [stationInput, setStationInput] = useState(station ?? '');
  const tickets = useInfiniteQuery(ticketQueries.list(filtersOf(view, station)));
  const items = tickets.data?.pages.flatMap((p) => p.items) ?? [];
  const go = (next: { view?: TicketView; station?: string | undefined }) =>
    void navigate({ to: '/admin/tickets', search: { view: next.view ?? view, station: 'station' in next ? next.station || undefined : station }, replace: true });

  return (
    <ConsoleSubpage back={t.back} title={t.title} intro={t.intro}>
      <form role="search" aria-label={t.filters} className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={(e) => {
        e.preventDefault();
        go({ station: stationInput.trim() });
      }}>
        <label className="text-sm font-medium text-slate-700">{t.show}
          <select className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2" value={view} onChange={(e) => go({ view: e.target.value as TicketView })}>
            {VIEWS.map((v) => <option key={v} value={v}>{t.views[v]}</option>)}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">{t.station}
          <input className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 font-mono" value={stationInput} placeholder={t.stationPlaceholder}
            onChange={(e) => setStationInput(e.target.value)} onBlur={() => go({ station: stationInput.trim() })} />
        </label>
      </form>

      <div className="mt-4">
        {tickets.isPending ? (
          <LoadingRows label={t.loading} />
        ) : tickets.isError ? (
          <EmptyState title={t.loadError}><Button className="mt-3" onClick={() => void tickets.refetch()}>{t.retry}</Button></EmptyState>
        ) : items.length === 0 ? (
          <Card className="p-6 text-sm text-slate-600">{t.empty}</Card>
        ) : (
          <ul aria-label={t.title} className="space-y-3">
            {items.map((ticket) => <TicketRow key={ticket.id} ticket={ticket} t={t} />)}
          </ul>
        )}
        {tickets.hasNextPage && <Button className="mt-3" busy={tickets.isFetchingNextPage} onClick={() => void tickets.fetchNextPage()}>{t.loadMore}</Button>}
      </div>
    </ConsoleSubpage>
  );
}

/** A ticket's title in the page's language by its cause (the stored title is English); the stored one for a cause we do not know. */
export function useTicketTitle(): (ticket: Pick<Ticket, 'cause' | 'title'>) => string {
  const t = useMessages(adminTickets);
  const rules = useMessages(adminAlerts).rules;
  return (ticket) => {
    if (ticket.cause === 'reports') return t.problemReported;
    const rule = ticket.cause.startsWith('alert:') ? ticket.cause.slice('alert:'.length) : '';
    return Object.hasOwn(rules, rule) ? rules[rule as keyof typeof rules] : ticket.title;
  };
}

/** A source's detail: a report's category by the report form's label in the page's language; an alert's as stored. */
export function useSourceDetail(): (source: Ticket['sources'][number]) => string {
  const categories = useMessages(reportTexts).categories;
  return (source) => {
    const report = source.kind === 'report' ? reportSourceParts(source.detail) : null;
    if (!report) return source.detail;
    return report.note === null ? categories[report.category] : `${categories[report.category]}: ${report.note}`;
  };
}

function TicketRow({ ticket, t }: { ticket: Ticket; t: Texts }) {
  const title = useTicketTitle();
  const detail = useSourceDetail();
  const last = ticket.sources.at(-1);
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Pill tone={ticketTone(ticket.status)}>{t.statuses[ticket.status]}</Pill>
          <Link to="/admin/tickets/$id" params={{ id: ticket.id }} className="font-semibold text-brand-700 hover:underline">{title(ticket)}</Link>
          <span className="text-sm text-slate-700">{ticket.stationName} <span className="font-mono text-xs">({ticket.stationId})</span></span>
        </div>
        <p className="mt-1 text-sm break-words text-slate-700">{last && detail(last)}</p>
        <p className="mt-1 text-xs text-slate-500">
          {t.opened(formatDateTime(ticket.openedAt))} · {t.sources(ticket.sources.length)} · {ticket.assignee ? t.assignedTo(ticket.assignee) : t.unassigned}
        </p>
      </Card>
    </li>
  );
}
