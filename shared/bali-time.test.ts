import { describe, expect, it } from 'vitest';
import { baliDate, baliDateTime, baliDayEnd, baliDayStart, baliHour, baliMonthSoFar } from './bali-time';

describe("Bali's time", () => {
  it("gives 06:00 in Bali that day's date, though UTC is still on the day before", () => {
    expect(baliDate(new Date('2026-11-27T22:00:00Z'))).toBe('2026-11-28');
    expect(baliDate('2026-11-27T15:59:59Z')).toBe('2026-11-27');
  });

  it("greets by Bali's hour: 22:00 UTC is 6 in the morning there", () => {
    expect(baliHour(new Date('2026-11-27T22:00:00Z'))).toBe(6);
    expect(baliHour(new Date('2026-11-28T03:59:00Z'))).toBe(11);
  });

  it("bounds Bali's days and shows its wall clock", () => {
    expect(baliDayStart('2026-11-01')).toBe('2026-10-31T16:00:00.000Z');
    expect(baliDayEnd('2026-11-30')).toBe('2026-11-30T16:00:00.000Z');
    expect(baliDateTime('2026-11-27T22:00:12.345Z')).toBe('2026-11-28 06:00:12');
    expect(baliMonthSoFar(new Date('2026-11-30T17:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });
});
