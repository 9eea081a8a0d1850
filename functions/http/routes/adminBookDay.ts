import { readBookDay } from '../../wallet/domain/book';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { adminQueries } from '../../system/providers/repositories/admin-queries';
import { clock } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { secondFactors } from '../../platform/providers/second-factors';

/** GET /api/admin/book: one day of the book for the console's Book page. */
export const handler = routeHandler(contract.adminBookDay, ({ query }) =>
  readBookDay(query.date, { adminQueries: adminQueries(), ledger: ledger(), clock: clock() }), { secondFactors });
