import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes what needs quoting, doubles quotes, uses CRLF and leaves empty cells empty', () => {
    expect(toCsv({ header: ['id', 'name', 'note'], rows: [['HRL-1', 'Kuta, "Beach"', null], ['HRL-2', 'two\nlines', 5]] })).toBe(
      'id,name,note\r\nHRL-1,"Kuta, ""Beach""",\r\nHRL-2,"two\nlines",5\r\n',
    );
  });

  it('defuses spreadsheet formulas but keeps negative numbers', () => {
    expect(toCsv({ header: ['a', 'b'], rows: [['=HYPERLINK("x")', -1500]] })).toBe('a,b\r\n"\'=HYPERLINK(""x"")",-1500\r\n');
  });

  it('names files after the tab and the day', () => {
    expect(csvFileName('users', new Date('2025-06-01T10:00:00Z'))).toBe('bali-refill-users-2025-06-01.csv');
    expect(csvFileName('users', new Date('2025-06-01T22:00:00Z'))).toBe('bali-refill-users-2025-06-02.csv');
  });
});
