import { describe, expect, it } from 'vitest';
import { monthRange, revenueShareOf } from './hosts';

describe("a host's month", () => {
  it('runs from midnight of its first day in Bali (UTC+8) to midnight of the next month', () => {
    expect(monthRange('2026-11', new Date('2026-11-23T00:00:00Z'))).toEqual({
      month: '2026-11', from: new Date('2026-10-31T16:00:00Z'), to: new Date('2026-11-30T16:00:00Z'),
    });
    expect(monthRange('2026-12', new Date()).to).toEqual(new Date('2026-12-31T16:00:00Z'));
  });

  it('is the current month in Bali when none is asked for, which starts 8 hours before UTC midnight', () => {
    expect(monthRange(undefined, new Date('2026-11-30T15:59:00Z')).month).toBe('2026-11');
    expect(monthRange(undefined, new Date('2026-11-30T16:00:00Z')).month).toBe('2026-12');
  });
});

describe("a host's revenue share", () => {
  it('is the percent of the revenue, rounded to the rupiah (half up)', () => {
    expect(revenueShareOf(7_500, 10)).toBe(750);
    expect(revenueShareOf(1_005, 10)).toBe(101);
    expect(revenueShareOf(1_004, 12.5)).toBe(126);
    expect(revenueShareOf(0, 10)).toBe(0);
    expect(revenueShareOf(99_999, 0)).toBe(0);
  });
});
