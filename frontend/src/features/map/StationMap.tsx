import { useEffect, useRef, useState } from 'react';
import { MAP_DEFAULTS } from '@shared/constants';
import type { LatLng } from '@shared/geo';
import type { Bounds } from '@shared/station-tiles';
import type { MapStation, MapTexts, MapTileCount, StationMapController } from './engine';
import { viewAround } from './view';

const NO_TILES: MapTileCount[] = [];

/**
 * A station map that loads maplibre only when it is about to scroll into view, so the library never
 * weighs on a page's first load. While the station list is still loading it shows `loadingText`.
 * `onViewChange` hears the box in view: at once the default view's, estimated from the map's size, then the map's own.
 */
export function StationMap({ stations, tileCounts = NO_TILES, loading, loadingText, unavailableText, label, texts, user, flyToUser = 0, focus, fit, onViewChange, className = '' }: {
  stations: MapStation[];
  /** Tiles of the station list not loaded, shown as their counts. */
  tileCounts?: MapTileCount[];
  loading: boolean;
  loadingText: string;
  unavailableText: string;
  label: string;
  texts: MapTexts;
  user?: LatLng | null;
  /** Increment to fly to the visitor's position. */
  flyToUser?: number;
  focus?: MapStation | null;
  /** A box to show, whenever it changes (an area chosen). */
  fit?: Bounds | null;
  onViewChange?: (view: Bounds) => void;
  className?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<StationMapController | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ stations, texts, onViewChange });
  latest.current = { stations, texts, onViewChange };

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let cancelled = false;
    latest.current.onViewChange?.(viewAround(MAP_DEFAULTS, MAP_DEFAULTS.zoom, node.clientWidth, node.clientHeight));
    const start = () => {
      import('./engine')
        .then(({ createStationMap }) => {
          if (cancelled) return;
          controller.current = createStationMap(node, { ...latest.current, onViewChange: (view) => latest.current.onViewChange?.(view) });
          setReady(true);
        })
        .catch(() => !cancelled && setFailed(true));
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        start();
      }
    }, { rootMargin: '300px' });
    observer.observe(node);
    return () => {
      cancelled = true;
      observer.disconnect();
      controller.current?.destroy();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) controller.current?.setStations(stations);
  }, [ready, stations]);
  useEffect(() => {
    if (ready) controller.current?.setTexts(texts);
  }, [ready, texts]);
  useEffect(() => {
    if (ready) controller.current?.setTileCounts(tileCounts);
  }, [ready, tileCounts]);
  useEffect(() => {
    if (ready) controller.current?.showUser(user ?? null, flyToUser > 0);
  }, [ready, user, flyToUser]);
  useEffect(() => {
    if (ready && focus) controller.current?.focus(focus);
  }, [ready, focus]);
  useEffect(() => {
    if (ready && fit) controller.current?.fitBounds(fit);
  }, [ready, fit]);

  return (
    <div className={`relative overflow-hidden bg-[#cdebf3] ${className}`}>
      <div ref={container} role="region" aria-label={label} className="h-full w-full" />
      {loading ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div role="status" className="flex items-center gap-3 rounded-full bg-white/90 px-4 py-2 text-sm font-medium text-slate-700 shadow">
            <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" aria-hidden="true" />
            {loadingText}
          </div>
        </div>
      ) : !ready && !failed ? (
        // The station list is there; only the map library is still on its way.
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <span className="h-6 w-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
        </div>
      ) : null}
      {failed && (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-600">{unavailableText}</div>
      )}
    </div>
  );
}
