import { describe, expect, it } from 'vitest';
import { availability } from './availability';

describe('availability', () => {
  it('tells locked, maintenance, offline and empty apart, in that order, and counts 5 % as empty', () => {
    expect(availability({ status: 'locked', waterLevel: 0 })).toBe('locked');
    expect(availability({ status: 'maintenance', waterLevel: 80 })).toBe('maintenance');
    expect(availability({ status: 'offline', waterLevel: 2 })).toBe('offline');
    expect(availability({ status: 'online', waterLevel: 5 })).toBe('empty');
    expect(availability({ status: 'online', waterLevel: 6 })).toBe('available');
    expect(availability({ status: 'online', waterLevel: null })).toBe('available');
  });
});
