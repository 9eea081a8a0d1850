import { useEffect, useRef, useState } from 'react';
import type { LatLng } from '@shared/geo';
import type { MapStation, MapTexts, StationMapController } from './engine';

/**
 * A station map that loads maplibre only when it is about to scroll into view, so the library never
 * weighs on a page's first load. While the station list is still loading it shows `loadingText`.
 */
export function StationMap({ stations, loading, loadingText, unavailableText, label, texts, user, flyToUser = 0, focus, className = '' }: {
  stations: MapStation[];
  loading: boolean;
  loadingText: string;
  unavailableText: string;
  label: string;
  texts: MapTexts;
  user?: LatLng | null;
  /** Increment to fly to the visitor's position. */
  flyToUser?: number;
  focus?: MapStation | null;
  className?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<StationMapController | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ stations, texts });
  latest.current = { stations, texts };

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let cancelled = false;
    const start = () => {
      import('./engine')
        .then(({ createStationMap }) => {
          if (cancelled) return;
          controller.current = createStationMap(node, latest.current);
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
    if (ready) controller.current?.showUser(user ?? null, flyToUser > 0);
  }, [ready, user, flyToUser]);
  useEffect(() => {
    if (ready && focus) controller.current?.focus(focus);
  }, [ready, focus]);

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
