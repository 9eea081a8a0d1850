import { describe, expect, it } from 'vitest';
import { csvFileName } from './csv';

describe('CSV export', () => {
  it('names files after the tab and the day', () => {
    expect(csvFileName('users', new Date('2025-06-01T10:00:00Z'))).toBe('bali-refill-users-2025-06-01.csv');
    expect(csvFileName('users', new Date('2025-06-01T22:00:00Z'))).toBe('bali-refill-users-2025-06-02.csv');
  });
});
