import { useMemo } from 'react';
import { LANDING_ONLINE_STATIONS } from '@shared/constants';
import { ArrowRightIcon } from '../../components/icons';
import { LocateIcon } from './icons';
import { Link } from '../../components/nav';
import { common } from '../../i18n/common';
import { landing } from '../../i18n/landing';
import { useMessages } from '../../i18n/messages';
import { stationTexts } from '../../i18n/stations';
import { StationMap } from '../map/StationMap';
import { around } from '../../api/station-tiles';
import { filterStations } from '../stations/filter';
import { useGeolocation } from '../stations/geolocation';
import { isOnline } from '../stations/status';
import { useStationList } from '../stations/useStationList';
import { NEAR_MAP_CENTRE } from './near';
import { mapTexts, toMapStations } from '../stations/map-stations';
import { OnlineStationList } from '../stations/OnlineStationList';

/**
 * Up to four online stations (nearest to the visitor first once they gave their position, open ones before empty
 * ones), 'View all N stations' when more are online, and a map of the online stations (of those loaded: around the
 * visitor, else the map's default centre, when the station list is tiled).
 */
export function Locations() {
  // "Stations near you": around the visitor once they gave their position (now or before), else the busiest part.
  // Here, in the section loaded after the first render, the landing's first chunk stays without the finder's code;
  // before a position, the list is the one the page loaded (the same query).
  const { position, locate: onLocate } = useGeolocation({ ask: false });
  const stations = useStationList(useMemo(() => (position ? around(position) : NEAR_MAP_CENTRE), [position]));
  const online = useMemo(() => filterStations((stations.machines ?? []).filter(isOnline), { search: '', area: '', origin: position }), [stations.machines, position]);
  const [onlineInFleet, pending, failed, located] = [stations.fleetOnline ?? 0, stations.isPending, stations.isError, position !== null];
  const t = useMessages(landing).locations;
  const s = useMessages(stationTexts);
  const c = useMessages(common);
  const mapStations = useMemo(() => toMapStations(online, c, s), [online, c, s]);
  const texts = useMemo(() => mapTexts(s), [s]);
  return (
    <section id="stations" aria-labelledby="locations-title" className="bg-gradient-to-b from-white to-brand-50/60">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t.eyebrow}</p>
            <h2 id="locations-title" className="mt-2 text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{t.title}</h2>
            <p className="mt-3 text-lg text-slate-600">{t.text}</p>
            {located ? (
              <p className="mt-2 text-sm font-medium text-brand-800" data-testid="nearest-first">{t.nearest}</p>
            ) : (
              <button type="button" onClick={onLocate} className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
                <LocateIcon size={16} /> {t.useLocation}
              </button>
            )}
          </div>
          <Link to="/stations" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline">
            {t.browse} <ArrowRightIcon size={16} />
          </Link>
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)]">
          <div className="min-h-64">
            {pending ? (
              <p role="status" className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
                <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" aria-hidden="true" />
                {s.loading}
              </p>
            ) : failed ? (
              <p role="alert" className="rounded-2xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200">{t.error}</p>
            ) : (
              <OnlineStationList online={online} onlineInFleet={onlineInFleet} limit={LANDING_ONLINE_STATIONS} />
            )}
          </div>
          <StationMap
            stations={mapStations}
            loading={pending}
            loadingText={s.loading}
            unavailableText={s.mapUnavailable}
            label={t.mapLabel}
            texts={texts}
            className="h-80 rounded-2xl shadow-card ring-1 ring-slate-200 sm:h-[28rem]"
          />
        </div>
      </div>
    </section>
  );
}
