import { describe, expect, it } from 'vitest';
import { shiftDay, shownDay } from './days';

describe("the Book page's days", () => {
  it('steps a day across the ends of months and years, and over a leap day', () => {
    expect(shiftDay('2024-04-10', -1)).toBe('2024-04-09');
    expect(shiftDay('2024-04-30', 1)).toBe('2024-05-01');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2023-03-01', -1)).toBe('2023-02-28');
    expect(shiftDay('2024-12-31', 1)).toBe('2025-01-01');
    expect(shiftDay('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('shows the day asked for, and today instead of none or of a day to come', () => {
    expect(shownDay('2024-04-10', '2026-11-28')).toBe('2024-04-10');
    expect(shownDay('2026-11-28', '2026-11-28')).toBe('2026-11-28');
    expect(shownDay('2026-11-29', '2026-11-28')).toBe('2026-11-28');
    expect(shownDay(undefined, '2026-11-28')).toBe('2026-11-28');
  });
});
