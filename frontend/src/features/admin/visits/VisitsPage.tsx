import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { defaultSettings } from '@shared/schemas/settings';
import { directionsThrough, directionsTo, stationsToVisit, type StationVisit } from '@shared/visits';
import { adminQueries } from '@frontend/api/admin';
import { alertQueries } from '@frontend/api/alerts';
import { ticketQueries } from '@frontend/api/tickets';
import { adminVisits } from '@frontend/i18n/admin-visits';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import { ExternalIcon, PinIcon } from '../icons';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { Button, Card, EmptyState, LoadingRows, Pill } from '../ui';

type Texts = Translation<(typeof adminVisits)['en']>;

/** /admin/visits: "Today's route", the stations that need a visit, most pressing first, each with directions. */
export function VisitsPage() {
  const t = useMessages(adminVisits);
  const stations = useQuery(adminQueries.machines());
  const alerts = useQuery(alertQueries.firstActive());
  const tickets = useQuery(ticketQueries.firstActive());
  // The alert rules' thresholds; the defaults while the settings load (or for a role that may not read them).
  const settings = useQuery({ ...adminQueries.settings(), enabled: useQuery(adminQueries.session()).data?.role === 'admin' });
  const thresholds = settings.data ?? defaultSettings();
  const visits = stations.data && alerts.data && tickets.data ? stationsToVisit(stations.data, alerts.data.items, thresholds, tickets.data.items) : [];
  const route = directionsThrough(visits.map((visit) => visit.station));

  return (
    <ConsoleSubpage back={t.back} title={t.title} intro={t.intro}>
        <div className="mt-4">
          {stations.isPending || alerts.isPending || tickets.isPending ? (
            <LoadingRows label={t.loading} />
          ) : stations.isError || alerts.isError || tickets.isError ? (
            <EmptyState title={t.loadError}>
              <Button className="mt-3" onClick={() => void Promise.all([stations.refetch(), alerts.refetch(), tickets.refetch()])}>{t.retry}</Button>
            </EmptyState>
          ) : visits.length === 0 ? (
            <Card className="p-6 text-sm text-slate-600">{t.empty}</Card>
          ) : (
            <>
              <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm font-semibold text-slate-800">{t.count(visits.length)}</p>
                {route && (
                  <a href={route.url} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-ocean-900 px-4 text-sm font-semibold text-white hover:bg-ocean-800">
                    <ExternalIcon size={16} /> {t.openRoute(route.stops)}
                  </a>
                )}
              </div>
              <ol aria-label={t.title} className="space-y-3">
                {visits.map((visit, i) => <VisitRow key={visit.station.id} visit={visit} rank={i + 1} t={t} />)}
              </ol>
            </>
          )}
        </div>
    </ConsoleSubpage>
  );
}

function VisitRow({ visit, rank, t }: { visit: StationVisit; rank: number; t: Texts }) {
  const { station } = visit;
  const directions = directionsTo(station);
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <span aria-hidden="true" className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-slate-900 text-sm font-bold text-white">{rank}</span>
          <div className="min-w-0">
            <Link to="/admin/stations/$id" params={{ id: station.id }} className="font-semibold text-brand-700 hover:underline">
              {station.name} <span className="font-mono text-xs">({station.id})</span>
            </Link>
            <p className="mt-0.5 text-sm break-words text-slate-600">{station.location}</p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {visit.reasons.map((reason) => (
                <Pill key={reason} tone={reason === 'safetyLock' || reason === 'offline' ? 'red' : reason === 'openAlerts' || reason === 'openTickets' ? 'violet' : 'amber'}>
                  {reason === 'openAlerts' ? t.alerts(visit.openAlerts) : reason === 'openTickets' ? t.tickets(visit.openTickets) : t.reasons[reason]}
                </Pill>
              ))}
            </div>
            <p className="mt-1.5 text-xs text-slate-500">
              {t.water(station.waterLevel)}{station.filter ? ` · ${t.filter(station.filter.lifePercent)}` : ''}
            </p>
          </div>
        </div>
        {directions ? (
          <a href={directions} target="_blank" rel="noreferrer" className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100">
            <PinIcon size={16} /> {t.directions}
          </a>
        ) : (
          <span className="text-xs text-slate-500">{t.noCoordinates}</span>
        )}
      </Card>
    </li>
  );
}
