import { AREAS, STATION_TYPES } from '@shared/constants';
import type { StationType } from '@shared/schemas/machine';

type Area = (typeof AREAS)[number];

/**
 * What `/stations?...` asks the finder for (the public menus link here): an area, a kind of place, a search (a
 * station's code from its sticker), the visitor's position (?near=true) or the report form (?report=true). An unknown
 * or malformed value is dropped, never an error. Zod-free: the finder's first render reads it without the router.
 */
export interface FinderSearch {
  area?: Area;
  type?: StationType;
  q?: string;
  near?: true;
  report?: true;
}

const yes = (value: unknown) => value === true || value === 'true';

export function finderSearch(raw: Record<string, unknown>): FinderSearch {
  const search: FinderSearch = {};
  const area = AREAS.find((a) => a === raw.area);
  if (area) search.area = area;
  const type = STATION_TYPES.find((t) => t === raw.type);
  if (type) search.type = type;
  if (typeof raw.q === 'string' && raw.q.trim() && raw.q.length <= 64) search.q = raw.q.trim();
  if (yes(raw.near)) search.near = true;
  if (yes(raw.report)) search.report = true;
  return search;
}

/** The finder's search as the address bar has it now (read after the first render, which a prerendered page shares with every visit). */
export const finderSearchHere = () => finderSearch(Object.fromEntries(new URLSearchParams(window.location.search)));
