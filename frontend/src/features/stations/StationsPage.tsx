import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { AREAS, STATION_TYPES } from '@shared/constants';
import type { StationType } from '@shared/schemas/machine';
import { AREA_BOUNDS, tileBounds, type Bounds, type StationTileSummary } from '@shared/station-tiles';
import { readSavedStations } from '../../api/stations';
import type { TileWants } from '../../api/station-tiles';
import { DropIcon } from '../../components/icons';
import { LocateIcon, SearchIcon } from './icons';
import { common } from '../../i18n/common';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { stationTexts } from '../../i18n/stations';
import type { MapTileCount } from '../map/engine';
import { StationMap } from '../map/StationMap';
import { useOnline } from '../pwa/online-status';
import { filterStations, nearestOpenStation, type StationView } from './filter';
import { relativeTime } from './format';
import { useGeolocation } from './geolocation';
import { mapTexts, toMapStation, toMapStations } from './map-stations';
import { useStationList } from './useStationList';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Tiles the cap left out of the map's view, as counts on the map. */
function toTileCounts(beyondCap: readonly StationTileSummary[] = []): MapTileCount[] {
  return beyondCap.flatMap(({ key, count, online, center }) => {
    const bounds = tileBounds(key);
    return center && bounds ? [{ key, count, online, center, bounds }] : [];
  });
}

// The list and its cards show once the stations are there: their code (with the virtual list) loads alongside them,
// not before the page's first render (docs/architecture.md, "Router-free first render").
const loadList = () => import('./VirtualStationList');
const VirtualStationList = lazy(() => loadList().then((m) => ({ default: m.VirtualStationList })));
const StationCard = lazy(() => import('./StationCard').then((m) => ({ default: m.StationCard })));
// What a tiled list covers: nothing to say before the stations are there (and nothing with a whole list).
const ListScope = lazy(() => import('./ListScope').then((m) => ({ default: m.ListScope })));

/** docs/design.md, "Screens and routes", public stations page: search, area filter, Find Nearby, map on the left and list on the right. */
export function StationsPage() {
  const t = useMessages(stationTexts);
  useDocumentTitle(t.title);
  const c = useMessages(common);
  const language = useLanguage();
  const online = useOnline();
  const { position, locate } = useGeolocation();
  const [search, setSearch] = useState('');
  const [area, setArea] = useState<(typeof AREAS)[number] | ''>('');
  const [type, setType] = useState<StationType | ''>('');
  const [reporting, setReporting] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const [view, setView] = useState<Bounds | null>(null);
  const [searchAll, setSearchAll] = useState(false);
  const [flyToUser, setFlyToUser] = useState(0);
  const [wantsNearest, setWantsNearest] = useState(false);
  const [focus, setFocus] = useState<ReturnType<typeof toMapStation> | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const deferredSearch = useDeferredValue(search);

  // A tiled list loads the tiles of the map's view, of the area chosen and around the visitor, and the stations
  // without coordinates; every tile once the visitor asks to search all of Bali.
  const areaBounds = area ? AREA_BOUNDS[area] : null;
  const wants = useMemo((): TileWants => ({
    view,
    near: position,
    boxes: areaBounds ? [areaBounds] : [],
    unplaced: true,
    everything: searchAll,
  }), [view, areaBounds, position, searchAll]);
  const stations = useStationList(wants);

  const views = useMemo(
    () => filterStations(stations.machines ?? [], { search: deferredSearch, area, origin: position, type: type || null }),
    [stations.machines, deferredSearch, area, position, type],
  );
  const nearest = useMemo(
    () => (wantsNearest && position ? nearestOpenStation(stations.machines ?? [], position) : null),
    [wantsNearest, stations.machines, position],
  );
  const mapStations = useMemo(() => toMapStations(views, c, t), [views, c, t]);
  const beyondCap = stations.tiles?.beyondCap;
  const tileCounts = useMemo(() => toTileCounts(beyondCap), [beyondCap]);
  const texts = useMemo(() => mapTexts(t), [t]);
  const saved = !online && stations.machines ? readSavedStations() : null;
  useEffect(() => void loadList(), []);
  const listLoading = (
    <p role="status" className="flex items-center gap-3 rounded-2xl bg-slate-50 p-6 text-slate-600">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" aria-hidden="true" />
      {t.loading}
    </p>
  );

  const findNearby = () => {
    locate();
    setFlyToUser((n) => n + 1);
  };
  // What the link that opened the page asks for (?area=, ?type=, ?q=, ?near=, ?report=: the public menus), read after
  // the first render, which a prerendered page shares with every visit; its reader is a chunk of its own, out of the
  // first render's JavaScript (docs/scale.md, "First-render JavaScript budget").
  useEffect(() => {
    let current = true;
    void import('./finder-search').then(({ finderSearchHere }) => {
      if (!current) return;
      const asked = finderSearchHere();
      if (asked.area) setArea(asked.area);
      if (asked.type) setType(asked.type);
      if (asked.q) setSearch(asked.q);
      if (asked.near) setFlyToUser((n) => n + 1);
      if (asked.report) {
        setReporting(true);
        searchBox.current?.focus();
      }
    });
    return () => {
      current = false;
    };
  }, []);
  const findNearestOpen = () => {
    locate();
    setWantsNearest(true);
  };
  const showOnMap = (view: StationView) => {
    if (!view.coordinates) return;
    setFocus(toMapStation(view.machine, view.coordinates, c, t));
    if (window.matchMedia('(max-width: 1023px)').matches) mapBox.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-6 sm:px-6 lg:pt-14">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t.eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{t.title}</h1>
          <p className="mt-3 max-w-2xl text-base text-slate-600 sm:text-lg">{t.intro}</p>
          <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-6 flex flex-col gap-3 sm:flex-row">
            <label className="relative flex-1">
              <span className="sr-only">{t.searchLabel}</span>
              <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500" />
              <input
                ref={searchBox}
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t.searchPlaceholder}
                className="h-12 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-10 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none"
              />
            </label>
            <label className="sm:w-48">
              <span className="sr-only">{t.areaLabel}</span>
              <select
                value={area}
                onChange={(e) => setArea(AREAS.find((a) => a === e.target.value) ?? '')}
                className="h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base shadow-sm focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none"
              >
                <option value="">{t.allAreas}</option>
                {AREAS.map((a) => <option key={a} value={a}>{a}</option>)}
              </select>
            </label>
            <label className="sm:w-48">
              <span className="sr-only">{t.typeLabel}</span>
              <select
                value={type}
                onChange={(e) => setType(STATION_TYPES.find((k) => k === e.target.value) ?? '')}
                className="h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base shadow-sm focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none"
              >
                <option value="">{t.allTypes}</option>
                {STATION_TYPES.map((k, i) => <option key={k} value={k}>{c.stationsMenu.types[i]}</option>)}
              </select>
            </label>
            <button type="button" onClick={findNearby} className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-ocean-900 px-5 font-semibold text-white shadow-sm hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
              <LocateIcon size={18} /> {t.findNearby}
            </button>
            <button type="button" onClick={findNearestOpen} className="inline-flex h-12 items-center justify-center gap-2 rounded-xl border border-ocean-900 bg-white px-5 font-semibold text-ocean-900 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
              <DropIcon size={18} /> {t.nearestOpen}
            </button>
          </form>
          {reporting && <p role="status" className="mt-4 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="report-hint">{t.reportHint}</p>}
          {wantsNearest && (
            <section aria-labelledby="nearest-open" aria-live="polite" className="mt-4" data-testid="nearest-open">
              <h2 id="nearest-open" className="mb-2 text-base font-semibold text-ocean-900">{t.nearestOpenHeading}</h2>
              {!position ? (
                <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">{t.locationNeeded}</p>
              ) : nearest ? (
                <Suspense>
                  <StationCard view={nearest} onShowOnMap={() => showOnMap(nearest)} />
                </Suspense>
              ) : (
                <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">{stations.isLoading ? t.loading : t.nearestOpenNone}</p>
              )}
            </section>
          )}
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-5 px-4 pb-12 sm:px-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
        <div ref={mapBox} className="lg:sticky lg:top-20 lg:self-start">
          <StationMap
            stations={mapStations}
            tileCounts={tileCounts}
            fit={areaBounds}
            onViewChange={setView}
            loading={stations.isPending}
            loadingText={t.loading}
            unavailableText={t.mapUnavailable}
            label={t.mapLabel}
            texts={texts}
            user={position}
            flyToUser={flyToUser}
            focus={focus}
            className="h-[42vh] min-h-72 rounded-2xl ring-1 ring-slate-200 lg:h-[calc(100dvh-7rem)]"
          />
        </div>
        <div>
          <div className="mb-3 flex items-center justify-between gap-3 text-sm">
            <p aria-live="polite" className="font-medium text-slate-700" data-testid="station-count">
              {stations.isPending ? '' : t.resultCount(views.length)}
            </p>
            {position && views.length > 0 && <p className="text-slate-500">{t.sortedByDistance}</p>}
          </div>
          <Suspense>
            <ListScope tiles={stations.tiles} searching={deferredSearch.trim() !== ''} everything={searchAll} onSearchAll={() => setSearchAll(true)} />
          </Suspense>
          {saved && <p className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">{t.savedList(relativeTime(saved.savedAt, language) ?? '')}</p>}
          {stations.isPending ? (
            listLoading
          ) : stations.isError ? (
            <div role="alert" className="rounded-2xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200">
              <p>{t.loadError}</p>
              <button type="button" onClick={() => stations.refetch()} className="mt-3 rounded-full bg-white px-4 py-2 text-sm font-semibold ring-1 ring-red-300 hover:bg-red-100">{t.retry}</button>
            </div>
          ) : views.length === 0 ? (
            <p role="status" className="rounded-2xl bg-slate-50 p-8 text-center text-slate-600">{t.empty}</p>
          ) : (
            <Suspense fallback={listLoading}>
              <VirtualStationList views={views} label={t.listLabel} onShowOnMap={showOnMap} reportOpen={reporting && views.length === 1} className="h-[70vh] lg:h-[calc(100dvh-9.5rem)]" />
            </Suspense>
          )}
        </div>
      </div>
    </>
  );
}
