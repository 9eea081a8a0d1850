import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { StationView } from './filter';
import { StationCard } from './StationCard';

/**
 * The scrollable station list; only the cards in view are rendered, so 1,000 stations scroll smoothly. `reportOpen`:
 * the cards open with their report form (the menu's Report Issue, once the search found the one station).
 */
export function VirtualStationList({ views, label, onShowOnMap, reportOpen = false, className = '' }: {
  views: StationView[];
  label: string;
  onShowOnMap: (view: StationView) => void;
  reportOpen?: boolean;
  className?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: views.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 236,
    overscan: 4,
    gap: 12,
    getItemKey: (index) => views[index]!.machine.id,
  });
  return (
    <div ref={scroller} tabIndex={0} aria-label={label} role="region" className={`overflow-y-auto overscroll-contain rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}>
      <div role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const view = views[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={views.length}
              aria-posinset={item.index + 1}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 top-0 p-1"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <StationCard view={view} onShowOnMap={() => onShowOnMap(view)} reportOpen={reportOpen} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
