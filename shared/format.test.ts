import { describe, expect, it } from 'vitest';
import { formatBaliStamp, formatDate, formatDateTime, formatDay, formatKg, formatLitres, formatNumber, formatPercent, formatTime } from './format';

describe('one style of numbers and times per language', () => {
  it('writes numbers, litres, kilograms and percentages the English way in English and the Indonesian way in Bahasa Indonesia', () => {
    expect([formatNumber(1234567, 'en'), formatNumber(1234567, 'id')]).toEqual(['1,234,567', '1.234.567']);
    expect([formatLitres(1.5, 'en'), formatLitres(1.5, 'id')]).toEqual(['1.5 L', '1,5 L']);
    expect([formatLitres(1234.56, 'en', 1), formatLitres(1234.56, 'id', 1)]).toEqual(['1,234.6 L', '1.234,6 L']);
    expect([formatKg(0.25, 'en'), formatKg(0.25, 'id')]).toEqual(['0.25 kg', '0,25 kg']);
    expect([formatPercent(99.5, 'en'), formatPercent(99.5, 'id')]).toEqual(['99.5%', '99,5%']);
    expect(formatNumber(1.5, 'id', 3, 3)).toBe('1,500');
  });

  it("reads every instant on Bali's clock: 22:00 UTC is 06:00 of the next day in Bali", () => {
    const at = '2026-11-27T22:05:00Z';
    expect(formatDateTime(at, 'en')).toBe('28 Nov 2026, 06:05');
    expect(formatDateTime(at, 'id')).toBe('28 Nov 2026, 06.05');
    expect([formatTime(at, 'en'), formatTime(at, 'id')]).toEqual(['06:05', '06.05']);
    expect([formatDate(at, 'en'), formatDate(at, 'id')]).toEqual(['28 Nov 2026', '28 Nov 2026']);
    expect(formatDate('2026-05-01T10:00:00Z', 'id')).toBe('1 Mei 2026');
    expect(formatBaliStamp(at, 'en')).toBe('28 Nov 2026, 06:05 WITA');
  });

  it('shows a calendar day as the day it names, and nothing for what is unknown or unreadable', () => {
    expect(formatDay('2026-11-28', 'en')).toBe('28 Nov 2026');
    expect(formatDay('2026-05-28', 'id')).toBe('28 Mei 2026');
    for (const bad of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(bad, 'en')).toBeNull();
      expect(formatDay(bad, 'id')).toBeNull();
    }
  });
});
