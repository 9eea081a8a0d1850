import { formatRupiah } from '@shared/money';
import { lazy, Suspense, useId } from 'react';
import { StatusBadge } from '../../components/StatusBadge';
import { DropIcon } from '../../components/icons';
import { ClockIcon, NavigationIcon, PinIcon, ShieldIcon } from './card-icons';
import { LocateIcon } from './icons';
import { featureNames, stationTexts } from '../../i18n/stations';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { ProblemReportedFlag, ReportProblem } from '../reports/ReportProblem';
import { directionsUrl, type StationView } from './filter';
import { formatDay, formatKm, relativeTime } from './format';
import { Link } from '../../components/nav';

// Only for signed-in visitors, and it asks the API who they are: its code (with the API client) comes after the
// card's first render.
const FavouriteStar = lazy(() => import('./FavouriteStar').then((m) => ({ default: m.FavouriteStar })));

/**
 * Water safety on the public card: a station locked for a water safety check says so (it is never shown as
 * available); otherwise, after a passing lab test, the "water checked" badge with the test's and the last
 * sanitation's dates.
 */
function WaterCheckNote({ machine }: { machine: StationView['machine'] }) {
  const t = useMessages(stationTexts);
  const language = useLanguage();
  const check = machine.waterCheck;
  if (check.lockedFor) {
    return <p role="status" data-testid="safety-closed" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{t.closedForSafety}</p>;
  }
  const tested = check.lastLabTestResult === 'pass' ? formatDay(check.lastLabTestAt, language) : null;
  if (!tested) return null;
  const sanitised = formatDay(check.lastSanitationAt, language);
  return (
    <p data-testid="water-checked" className="mt-3 inline-flex flex-wrap items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <ShieldIcon size={15} /> {t.waterChecked}
      <span className="font-normal">· {t.labTested(tested)}{sanitised ? ` · ${t.sanitised(sanitised)}` : ''}</span>
    </p>
  );
}

/**
 * One station of the public list: name, the code on its sticker, address, distance, status, water level, last refill,
 * features, actions (Start Refill opens the station's own page, where a guest pays without an account).
 */
export function StationCard({ view, onShowOnMap, reportOpen = false }: { view: StationView; onShowOnMap?: () => void; reportOpen?: boolean }) {
  const t = useMessages(stationTexts);
  const language = useLanguage();
  const { machine, coordinates, distance } = view;
  const level = machine.waterLevel;
  const refilled = relativeTime(machine.lastRefill, language);
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-200/80 transition hover:ring-brand-300 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">{machine.name}</h3>
          <p className="mt-0.5 font-mono text-xs text-slate-600" data-testid="station-code">{t.code(machine.id)}</p>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600">
            <PinIcon size={16} className="mt-0.5 shrink-0 text-slate-500" />
            <span>{machine.location}</span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {distance !== null && (
            <p className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800" data-testid="distance">
              {formatKm(distance, language)} <span className="sr-only">{t.away}</span>
            </p>
          )}
          <Suspense>
            <FavouriteStar machine={machine} />
          </Suspense>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-600">
        <StatusBadge status={machine.status} />
        {/* It checks the app's pay code itself; paying at the station needs the gateway (docs/station-protocol.md, "Offline vends"). */}
        {machine.status === 'offline' && <span data-testid="offline-app-pays">{t.offlineAppPays}</span>}
        <ProblemReportedFlag machine={machine} />
        <span className="inline-flex items-center gap-1.5">
          <DropIcon size={15} className="text-brand-600" />
          {t.waterLevel(level === null ? t.unknown : `${level}%`)}
          {level !== null && (
            <span className="ml-1 inline-block h-1.5 w-12 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <span className={`block h-full rounded-full ${level < 20 ? 'bg-red-500' : level < 50 ? 'bg-amber-500' : 'bg-brand-500'}`} style={{ width: `${level}%` }} />
            </span>
          )}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <ClockIcon size={15} className="text-slate-500" />
          {t.lastRefill(refilled ?? t.unknown)}
        </span>
        <span className="font-semibold text-slate-800" data-testid="price-per-litre">{t.perLitre(formatRupiah(machine.effectivePricePerLitre))}</span>
      </div>
      <WaterCheckNote machine={machine} />
      {machine.features.length > 0 && (
        <ul aria-label={t.features} className="mt-3 flex flex-wrap gap-1.5">
          {machine.features.map((feature) => (
            <li key={feature} className="rounded-full bg-slate-100 px-2.5 py-1 text-[11px] font-medium text-slate-700">
              {language === 'id' ? (featureNames[feature] ?? feature) : feature}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {coordinates ? (
          <a
            href={directionsUrl(coordinates)}
            target="_blank"
            rel="noopener"
            aria-label={t.directionsTo(machine.name)}
            className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3.5 py-2 text-sm font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <NavigationIcon size={15} /> {t.directions}
          </a>
        ) : (
          <button type="button" disabled title={t.noDirections} className="inline-flex cursor-not-allowed items-center gap-1.5 rounded-full border border-slate-200 px-3.5 py-2 text-sm font-semibold text-slate-500">
            <NavigationIcon size={15} /> {t.directions}
          </button>
        )}
        <Link to="/s/$id" params={{ id: machine.id }} aria-label={t.payHere(machine.name)} className="inline-flex items-center gap-1.5 rounded-full bg-brand-700 px-3.5 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          <DropIcon size={15} /> {t.startRefill}
        </Link>
        {coordinates && onShowOnMap && (
          <button type="button" onClick={onShowOnMap} className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
            <LocateIcon size={15} /> {t.showOnMap}
          </button>
        )}
      </div>
      <ReportProblem machine={machine} initiallyOpen={reportOpen} />
    </article>
  );
}
