import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV export', () => {
  it('quotes what needs quoting, doubles quotes, uses CRLF and leaves empty cells empty', () => {
    expect(toCsv({ header: ['id', 'name', 'note'], rows: [['HRL-1', 'Kuta, "Beach"', null], ['HRL-2', 'two\nlines', 5]] })).toBe(
      'id,name,note\r\nHRL-1,"Kuta, ""Beach""",\r\nHRL-2,"two\nlines",5\r\n',
    );
  });

  it('defuses spreadsheet formulas but keeps negative numbers', () => {
    expect(toCsv({ header: ['a', 'b'], rows: [['=HYPERLINK("x")', -1500]] })).toBe('a,b\r\n"\'=HYPERLINK(""x"")",-1500\r\n');
  });
});
