import type { StationsIn } from '../../api/stations';
import { useMessages } from '../../i18n/messages';
import { stationTexts } from '../../i18n/stations';

/**
 * How much of a tiled station list the finder's list covers (nothing to say while the list is whole): only the middle
 * of a map zoomed out beyond the tiles' cap; a search of the stations loaded, with the offer to search all of Bali;
 * that search's progress.
 */
export function ListScope({ tiles, searching, everything, onSearchAll }: { tiles: StationsIn['tiles']; searching: boolean; everything: boolean; onSearchAll: () => void }) {
  const t = useMessages(stationTexts);
  if (!tiles) return null;
  const note = 'mb-3 rounded-xl px-3 py-2 text-sm';
  return (
    <>
      {tiles.beyondCap.length > 0 && <p role="status" className={`${note} bg-slate-50 text-slate-700`}>{t.mapTooWide}</p>}
      {searching && !everything && (
        <p className={`${note} flex flex-wrap items-center justify-between gap-2 bg-brand-50 text-slate-700`}>
          {t.searchesMapArea}
          <button type="button" onClick={onSearchAll} className="rounded-full bg-white px-3 py-1 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {t.searchAll}
          </button>
        </p>
      )}
      {everything && tiles.loaded < tiles.wanted && (
        <div role="status" className={`${note} bg-brand-50 text-slate-700`}>
          {t.searchAllProgress(tiles.loaded, tiles.wanted)}
          <span className="mt-2 block h-1.5 overflow-hidden rounded-full bg-white" aria-hidden="true">
            <span className="block h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${(tiles.loaded / Math.max(1, tiles.wanted)) * 100}%` }} />
          </span>
        </div>
      )}
    </>
  );
}
