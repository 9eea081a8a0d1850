import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ROAD_DISTANCE_FACTOR } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { defaultSettings } from '@shared/schemas/settings';
import { directionsThrough, directionsTo, routeOrder, stationsToVisit, type RouteStop } from '@shared/visits';
import { adminQueries } from '@frontend/api/admin';
import { alertQueries } from '@frontend/api/alerts';
import { ticketQueries } from '@frontend/api/tickets';
import { adminVisits } from '@frontend/i18n/admin-visits';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import { useLanguage } from '@frontend/i18n/language';
import { usePosition } from '../../app/machines';
import { ExternalIcon, PinIcon } from '../icons';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { Button, Card, EmptyState, LoadingRows, Pill } from '@frontend/components/ui';

type Texts = Translation<(typeof adminVisits)['en']>;

/**
 * /admin/visits: "Today's route", the stations that need a visit in the order to drive them from where the technician
 * is (the browser's position when shared; shared/visits.ts routeOrder: straight-line distances, never called road
 * distance), each with directions; the Google Maps route follows the same order.
 */
export function VisitsPage() {
  const t = useMessages(adminVisits);
  const language = useLanguage();
  const stations = useQuery(adminQueries.machines());
  const alerts = useQuery(alertQueries.firstActive());
  const tickets = useQuery(ticketQueries.firstActive());
  // The alert rules' thresholds; the defaults while the settings load (or for a role that may not read them).
  const settings = useQuery({ ...adminQueries.settings(), enabled: useQuery(adminQueries.session()).data?.role === 'admin' });
  const thresholds = settings.data ?? defaultSettings();
  const visits = stations.data && alerts.data && tickets.data ? stationsToVisit(stations.data, alerts.data.items, thresholds, tickets.data.items) : [];
  const position = usePosition();
  const order = routeOrder(visits, position);
  const route = directionsThrough(order.stops.map((stop) => stop.visit.station));
  const km = (n: number) => formatNumber(n, language, 1);

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
                <div>
                  <p className="text-sm font-semibold text-slate-800">{t.count(visits.length)}</p>
                  <p className="text-xs text-slate-500">{position ? t.fromHere : t.noPosition}</p>
                  {order.estimatedKm > 0 && <p className="text-xs text-slate-500" data-testid="route-estimate">{t.estimate(km(order.estimatedKm), formatNumber(ROAD_DISTANCE_FACTOR, language, 1))}</p>}
                </div>
                {route && (
                  <a href={route.url} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-ocean-900 px-4 text-sm font-semibold text-white hover:bg-ocean-800">
                    <ExternalIcon size={16} /> {t.openRoute(route.stops)}
                  </a>
                )}
              </div>
              <ol aria-label={t.title} className="space-y-3">
                {order.stops.map((stop, i) => <VisitRow key={stop.visit.station.id} stop={stop} rank={i + 1} leg={stop.straightKm === null ? null : (i === 0 ? t.legFromHere : t.leg)(km(stop.straightKm))} t={t} />)}
              </ol>
            </>
          )}
        </div>
    </ConsoleSubpage>
  );
}

function VisitRow({ stop, rank, leg, t }: { stop: RouteStop; rank: number; leg: string | null; t: Texts }) {
  const { visit } = stop;
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
            {leg && <p className="mt-0.5 text-xs text-slate-500">{leg}</p>}
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
