import type { AddressResult } from '@shared/schemas/geocoding';
import type { Geocoder } from '../../ports/geocoder';
import { BALI_PLACES, type GazetteerPlace } from './bali-places';

/** Lower case, no accents or punctuation, 'jalan' and 'jl.' read alike. */
export function normalize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word === 'jalan' ? 'jl' : word));
}

interface Entry {
  place: GazetteerPlace;
  displayName: string;
  nameWords: string[];
  aliasWords: string[][];
  allWords: Set<string>;
}

const index = (place: GazetteerPlace): Entry => {
  const nameWords = normalize(place.name);
  const aliasWords = (place.aliases ?? []).map(normalize);
  return {
    place,
    displayName: `${place.name}, ${place.address}`,
    nameWords,
    aliasWords,
    allWords: new Set([...nameWords, ...aliasWords.flat(), ...normalize(place.address)]),
  };
};

const startsWithWords = (words: string[], query: string[]) =>
  query.every((q, i) => (i === query.length - 1 ? words[i]?.startsWith(q) : words[i] === q));

/**
 * Higher is better: the name (or an alias) starting with the query beats a query word found in the
 * name, which beats one found only in the address. Null when some query word matches nothing.
 */
function score(entry: Entry, query: string[]): number | null {
  const words = [...entry.allWords];
  if (!query.every((q) => words.some((w) => w.startsWith(q)))) return null;
  if (startsWithWords(entry.nameWords, query) || entry.aliasWords.some((a) => startsWithWords(a, query))) return 3;
  const nameOrAlias = [...entry.nameWords, ...entry.aliasWords.flat()];
  if (query.every((q) => nameOrAlias.some((w) => w.startsWith(q)))) return 2;
  if (query.some((q) => nameOrAlias.some((w) => w.startsWith(q)))) return 1;
  return 0;
}

/** The local Geocoder: prefix search over the shipped gazetteer, best matches first. */
export class GazetteerGeocoder implements Geocoder {
  private readonly entries: Entry[];

  constructor(places: GazetteerPlace[] = BALI_PLACES) {
    this.entries = places.map(index);
  }

  async search(text: string, options: { maxResults: number }): Promise<AddressResult[]> {
    const query = normalize(text);
    if (!query.length) return [];
    return this.entries
      .map((entry) => ({ entry, score: score(entry, query) }))
      .filter((m): m is { entry: Entry; score: number } => m.score !== null)
      .sort((a, b) => b.score - a.score || a.entry.place.name.length - b.entry.place.name.length || a.entry.place.name.localeCompare(b.entry.place.name))
      .slice(0, options.maxResults)
      .map(({ entry }) => ({ displayName: entry.displayName, lat: entry.place.lat, lon: entry.place.lon }));
  }
}
