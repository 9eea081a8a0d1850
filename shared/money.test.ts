import { describe, expect, it } from 'vitest';
import { formatRupiah, parseAmount, parseRupiah, pointsToRupiah, priceOfMillilitres, rupiahToPoints } from './money';
import { impactOfLitres } from './impact';
import { distanceKm, parseCoordinates } from './geo';

describe('money', () => {
  it('formats rupiah the Indonesian way', () => {
    expect(formatRupiah(50_000)).toBe('Rp 50.000');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(1_234_567)).toBe('Rp 1.234.567');
    expect(formatRupiah(-4650)).toBe('-Rp 4.650');
  });
  it('converts points (Rp 100 each) and prices millilitres at Rp 1 each', () => {
    expect(rupiahToPoints(5_000)).toBe(50);
    expect(rupiahToPoints(2_050)).toBe(20);
    expect(pointsToRupiah(20)).toBe(2_000);
    expect(priceOfMillilitres(350)).toBe(350);
    expect(priceOfMillilitres(1500, 2000)).toBe(3000);
  });
  it('parses string amounts and treats garbage as 0', () => {
    expect(parseAmount('50000')).toBe(50_000);
    expect(parseAmount('abc')).toBe(0);
    expect(parseAmount(undefined)).toBe(0);
  });
});

describe('typed amounts of rupiah', () => {
  it('accepts the form the console shows (Rp 1.200) and plainer ones', () => {
    for (const text of ['1.200', 'Rp 1.200', 'rp1.200', formatRupiah(1200), ' 1200 ', '1 200', '1,200']) expect(parseRupiah(text), text).toBe(1200);
    expect(parseRupiah('1.250.000')).toBe(1_250_000);
  });

  it('refuses fractions, letters and groups that are not of three digits', () => {
    for (const text of ['1,5', '1.5', '12.00', '1.2000', 'abc', '', 'Rp', '-500', '1e3']) expect(parseRupiah(text), text).toBeNaN();
  });
});

describe('impact', () => {
  it('derives bottles and CO2 from litres', () => {
    expect(impactOfLitres(0.35)).toEqual({ litresRefilled: 0.35, bottlesSaved: 0, co2Saved: 0 });
    expect(impactOfLitres(10)).toEqual({ litresRefilled: 10, bottlesSaved: 20, co2Saved: 1.66 });
  });
});

describe('geo', () => {
  it('measures haversine distance on a 6371 km earth', () => {
    // Kuta Beach to Ubud Art Market is about 24 km as the crow flies.
    const d = distanceKm({ latitude: -8.7185, longitude: 115.1686 }, { latitude: -8.5069, longitude: 115.2625 });
    expect(d).toBeGreaterThan(25);
    expect(d).toBeLessThan(27);
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111.19, 1);
  });
  it('uses coordinates only when both parse', () => {
    expect(parseCoordinates('-8.6', '115.1')).toEqual({ latitude: -8.6, longitude: 115.1 });
    expect(parseCoordinates('-8.6', null)).toBeNull();
    expect(parseCoordinates('', '115')).toBeNull();
    expect(parseCoordinates('north', '115')).toBeNull();
  });
});
