import { describe, expect, it } from 'vitest';
import { reportSourceDetail, reportSourceParts } from './report';

describe("a report's source detail on a ticket", () => {
  it('reads back the category and the note it was written with, a colon in the note kept', () => {
    expect(reportSourceParts(reportSourceDetail('broken', 'Keran menetes: sejak pagi'))).toEqual({ category: 'broken', note: 'Keran menetes: sejak pagi' });
    expect(reportSourceParts(reportSourceDetail('no-water', null))).toEqual({ category: 'no-water', note: null });
  });

  it('names no category for a detail that does not start with one (shown as it is)', () => {
    expect(reportSourceParts('Water level 7% (below 15%)')).toBeNull();
    expect(reportSourceParts('brokenish: x')).toBeNull();
  });
});
