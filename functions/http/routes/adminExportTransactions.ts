import { exportAdminTransactions } from '../../wallet/domain/admin-transactions';
import * as contract from '@shared/routes/wallet';
import { HttpReply, routeHandler } from '../route-handler';
import { adminQueries } from '../../system/providers/repositories/admin-queries';

/** GET /api/admin/transactions/export: the CSV file of a range of days, saved under its range's name. */
export const handler = routeHandler(contract.adminExportTransactions, async ({ query }) => {
  const csv = await exportAdminTransactions(query, { adminQueries: adminQueries() });
  return new HttpReply(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="bali-refill-transactions-${query.from}-${query.to}.csv"`,
    'cache-control': 'no-store',
  }, '\uFEFF' + csv);
});
