import { journalCsv, journalOfDay } from '../../wallet/domain/book';
import * as contract from '@shared/routes/wallet';
import { HttpReply, routeHandler } from '../route-handler';
import { adminQueries } from '../../system/providers/repositories/admin-queries';
import { clock } from '../../platform/providers/clock';
import { secondFactors } from '../../platform/providers/second-factors';

/** GET /api/admin/journal: one day's journal as the CSV file an accountant imports, saved under the day's name. */
export const handler = routeHandler(contract.adminJournal, async ({ query }) => {
  const journal = await journalOfDay(query.date, { adminQueries: adminQueries(), clock: clock() });
  return new HttpReply(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="bali-refill-journal-${query.date}.csv"`,
    'cache-control': 'no-store',
  }, '\uFEFF' + journalCsv(journal.lines));
}, { secondFactors });
