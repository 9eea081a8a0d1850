import { ADDRESS_PLACE_NAMES, ADDRESS_SEARCH_MIN_CHARS, ADDRESS_SEARCH_RESULTS } from '@shared/constants';
import type { AddressResult } from '@shared/schemas/geocoding';
import type { Geocoder } from '../ports/geocoder';

const PLACE_NAME = new RegExp(`\\b(${ADDRESS_PLACE_NAMES.join('|')})\\b`, 'i');

/** docs/design.md, "Validation": only results whose display name mentions one of the Bali place names are kept. */
export const mentionsBali = (displayName: string) => PLACE_NAME.test(displayName);

/** The island with its near islands (Nusa Penida, Menjangan); generous by a few kilometres. */
const BALI_BOUNDS = { south: -8.95, north: -8.0, west: 114.4, east: 115.75 } as const;

/**
 * Names repeat across Indonesia (a 'Seminyak Residence' in Jakarta, a 'Jl. Kuta' in Lombok): a result
 * whose coordinates are known must also lie on Bali.
 */
export function liesInBali(result: AddressResult): boolean {
  const lat = Number(result.lat);
  const lon = Number(result.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  return lat >= BALI_BOUNDS.south && lat <= BALI_BOUNDS.north && lon >= BALI_BOUNDS.west && lon <= BALI_BOUNDS.east;
}

/**
 * Address autocomplete: fewer than 3 characters gives nothing; the geocoder is asked for more than
 * 5 candidates so that filtering to Bali (by name, as docs/design.md, "Validation" says, and by position) still leaves up
 * to 5; duplicates are dropped.
 */
export async function searchAddresses(query: string, geocoder: Geocoder): Promise<AddressResult[]> {
  const text = query.trim().replace(/\s+/g, ' ');
  if (text.length < ADDRESS_SEARCH_MIN_CHARS) return [];
  const candidates = await geocoder.search(text, { maxResults: ADDRESS_SEARCH_RESULTS * 3 });
  const seen = new Set<string>();
  const results: AddressResult[] = [];
  for (const candidate of candidates) {
    if (!mentionsBali(candidate.displayName) || !liesInBali(candidate)) continue;
    const key = candidate.displayName.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    results.push(candidate);
    if (results.length === ADDRESS_SEARCH_RESULTS) break;
  }
  return results;
}
