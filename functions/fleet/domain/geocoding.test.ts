import { describe, expect, it } from 'vitest';
import type { AddressResult } from '@shared/schemas/geocoding';
import type { Geocoder } from '../ports/geocoder';
import { liesInBali, mentionsBali, searchAddresses } from './geocoding';

const place = (displayName: string): AddressResult => ({ displayName, lat: '-8.6', lon: '115.1' });
const fixed = (results: AddressResult[]): Geocoder & { calls: { text: string; maxResults: number }[] } => {
  const calls: { text: string; maxResults: number }[] = [];
  return { calls, search: async (text, options) => (calls.push({ text, ...options }), results) };
};

describe('address search rules (docs/design.md, "Validation")', () => {
  it('asks nothing below 3 characters', async () => {
    const geocoder = fixed([place('Kuta Beach, Kuta, Bali')]);
    expect(await searchAddresses('  ku ', geocoder)).toEqual([]);
    expect(geocoder.calls).toEqual([]);
  });

  it('keeps only results that mention a Bali place name, at most 5, without duplicates', async () => {
    const geocoder = fixed([
      place('Senggigi Beach, Lombok, West Nusa Tenggara'),
      place('Kuta Beach, Kuta, Badung, Bali'),
      place('kuta beach, kuta, badung, bali'),
      place('Jl. Sunset Road, Denpasar'),
      place('Kutai Kartanegara, East Kalimantan'),
      { displayName: 'Seminyak Residence, Jakarta Selatan', lat: '-6.2441', lon: '106.8229' },
      place('Ubud Palace, Ubud'),
      place('Batu Bolong, Canggu'),
      place('Seminyak Square, Seminyak'),
      place('Sindhu Beach, Sanur'),
    ]);
    const results = await searchAddresses('beach', geocoder);
    expect(results.map((r) => r.displayName)).toEqual([
      'Kuta Beach, Kuta, Badung, Bali', 'Jl. Sunset Road, Denpasar', 'Ubud Palace, Ubud', 'Batu Bolong, Canggu', 'Seminyak Square, Seminyak',
    ]);
    expect(geocoder.calls[0]!.maxResults).toBeGreaterThan(5);
  });

  it('drops results whose coordinates lie off the island', () => {
    expect(liesInBali({ displayName: 'x', lat: '-8.6862', lon: '115.1636' })).toBe(true);
    expect(liesInBali({ displayName: 'x', lat: '-8.3500', lon: '116.0400' })).toBe(false);
    expect(liesInBali({ displayName: 'x', lat: 'n/a', lon: '115.1' })).toBe(false);
  });

  it('matches whole place names only', () => {
    expect(mentionsBali('Kutai Kartanegara')).toBe(false);
    expect(mentionsBali('Balikpapan, East Kalimantan')).toBe(false);
    expect(mentionsBali('Jl. Raya Kuta, Kuta')).toBe(true);
    expect(mentionsBali('Sanur Kaja, DENPASAR')).toBe(true);
  });
});
