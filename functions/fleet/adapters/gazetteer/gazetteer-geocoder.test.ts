import { describe, expect, it } from 'vitest';
import { AREAS } from '@shared/constants';
import { mentionsBali, searchAddresses } from '../../domain/geocoding';
import { BALI_PLACES } from './bali-places';
import { GazetteerGeocoder, normalize } from './gazetteer-geocoder';

const geocoder = new GazetteerGeocoder();
const inBali = (lat: number, lon: number) => lat > -8.9 && lat < -8.05 && lon > 114.4 && lon < 115.75;

describe('the shipped Bali gazetteer', () => {
  const bali = BALI_PLACES.filter((p) => p.address.includes('Bali'));

  it('has at least 60 Bali places of every kind across the refill areas, with coordinates on the island', () => {
    expect(bali.length).toBeGreaterThanOrEqual(60);
    for (const kind of ['beach', 'village', 'street', 'landmark', 'temple', 'market', 'mall'] as const) expect(bali.some((p) => p.kind === kind), kind).toBe(true);
    for (const area of [...AREAS, 'Kuta', 'Badung']) expect(bali.filter((p) => p.address.includes(area) || p.name.includes(area)).length, area).toBeGreaterThanOrEqual(3);
    for (const p of bali) expect(inBali(Number(p.lat), Number(p.lon)), p.name).toBe(true);
    expect(new Set(BALI_PLACES.map((p) => p.name)).size).toBe(BALI_PLACES.length);
  });

  it('finds by prefix, ranks names before addresses, reads jalan and Jl. alike', async () => {
    expect(normalize('Jl. Kayu-Aya')).toEqual(['jl', 'kayu', 'aya']);
    const monkey = (await geocoder.search('monkey for', { maxResults: 5 })).map((r) => r.displayName.split(',')[0]);
    expect(monkey.slice(0, 2).sort()).toEqual(['Jalan Monkey Forest', 'Sacred Monkey Forest Sanctuary']);
    expect((await geocoder.search('Jl. Kayu Aya', { maxResults: 5 }))[0]!.displayName).toMatch(/^Jalan Kayu Aya, Seminyak/);
    expect((await geocoder.search('pantai kuta', { maxResults: 5 }))[0]!.displayName).toMatch(/^Kuta Beach/);
    const sanur = await geocoder.search('sanur', { maxResults: 15 });
    expect(sanur[0]!.displayName).toMatch(/^Sanur/);
    expect(sanur.length).toBeGreaterThan(5);
    expect(await geocoder.search('qqqq', { maxResults: 5 })).toEqual([]);
  });

  it('through the domain rules: at most 5, all in Bali, and the places across the straits dropped', async () => {
    const results = await searchAddresses('beach', geocoder);
    expect(results).toHaveLength(5);
    expect(results.every((r) => mentionsBali(r.displayName))).toBe(true);
    expect(await geocoder.search('Gili Trawangan', { maxResults: 5 })).toHaveLength(1);
    expect(await searchAddresses('Gili Trawangan', geocoder)).toEqual([]);
  });
});
