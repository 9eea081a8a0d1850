import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLitres, formatPoints, parsePoints, timeAgo } from './format';

describe('admin formatting', () => {
  it('reads balance input as whole points, minimum 0, non-numbers as 0', () => {
    expect(parsePoints('150')).toBe(150);
    expect(parsePoints('12.9')).toBe(12);
    expect(parsePoints('-5')).toBe(0);
    expect(parsePoints('abc')).toBe(0);
    expect(parsePoints('')).toBe(0);
  });

  it("shows points, litres and dates in the console's language (English here; shared/format.test.ts has both)", () => {
    expect(formatPoints(148_500)).toBe('1,485 pts');
    expect(formatLitres(1234.56)).toBe('1,234.6 L');
    expect(formatDateTime(null)).toBe('—');
    // Bali's clock whatever the browser's: 22:00 UTC is 06:00 the next day.
    expect(formatDateTime('2026-11-27T22:00:00Z')).toBe('28 Nov 2026, 06:00');
  });

  it('says how long ago a heartbeat was', () => {
    const now = Date.parse('2025-06-01T10:00:00Z');
    expect(timeAgo(null, now)).toBe('Never');
    expect(timeAgo('2025-06-01T09:59:50Z', now)).toBe('Just now');
    expect(timeAgo('2025-06-01T09:48:00Z', now)).toBe('12 min ago');
    expect(timeAgo('2025-06-01T07:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2025-05-30T10:00:00Z', now)).toBe('2 days ago');
  });
});
