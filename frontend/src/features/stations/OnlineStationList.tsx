import { ArrowRightIcon } from '../../components/icons';
import { PinIcon } from '../landing/icons';
import { Link } from '../../components/nav';
import { StatusBadge } from '../../components/StatusBadge';
import { landing } from '../../i18n/landing';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import type { StationView } from './filter';
import { formatKm } from './format';

/**
 * The landing page's list of online stations: at most `limit` of `online`, each leading to its own page (where a guest
 * pays without an account), with 'View all N stations' when more of the fleet are online (`onlineInFleet`: a tiled
 * list loads only some of them).
 */
export function OnlineStationList({ online, onlineInFleet, limit }: { online: StationView[]; onlineInFleet: number; limit: number }) {
  const t = useMessages(landing).locations;
  const language = useLanguage();
  return (
    <div>
      <p className="mb-4 text-sm font-medium text-slate-600" data-testid="online-count">{t.onlineCount(onlineInFleet)}</p>
      {onlineInFleet === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-6 text-slate-600">{t.none}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t.listLabel}>
          {online.slice(0, limit).map(({ machine: station, distance }) => (
            <li key={station.id} className="flex items-start justify-between gap-3 rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-200/80">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{station.name}</p>
                <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600">
                  <PinIcon size={15} className="mt-0.5 shrink-0 text-slate-500" />
                  {station.location}
                </p>
                <Link to="/s/$id" params={{ id: station.id }} aria-label={t.refillHere(station.name)} className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline">
                  {t.refill} <ArrowRightIcon size={15} />
                </Link>
              </div>
              <div className="mt-1 flex shrink-0 flex-col items-end gap-2">
                <StatusBadge status={station.status} />
                {distance !== null && <span className="text-xs font-semibold text-brand-800" data-testid="landing-distance">{formatKm(distance, language)}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {onlineInFleet > limit && (
        <Link to="/app" className="mt-4 inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {t.viewAll(onlineInFleet)} <ArrowRightIcon size={16} />
        </Link>
      )}
    </div>
  );
}
