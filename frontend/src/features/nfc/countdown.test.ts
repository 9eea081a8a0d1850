import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './countdown';

describe('NFC token countdown', () => {
  const now = Date.parse('2026-03-01T08:00:00.000Z');
  it('counts the time left to the expiry', () => {
    expect(remainingMs('2026-03-01T08:05:00.000Z', now)).toBe(300_000);
    expect(remainingMs('2026-03-01T07:59:00.000Z', now)).toBe(0);
    expect(remainingMs('garbage', now)).toBe(0);
  });
  it('formats mm:ss, rounding up', () => {
    expect(formatCountdown(300_000)).toBe('05:00');
    expect(formatCountdown(299_001)).toBe('05:00');
    expect(formatCountdown(298_999)).toBe('04:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(400)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
  });
});
