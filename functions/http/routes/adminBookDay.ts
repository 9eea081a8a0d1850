import { readBookDay } from '../../domain/book';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';
import { secondFactors } from '../../providers/second-factors';

/** GET /api/admin/book: one day of the book for the console's Book page. */
export const handler = routeHandler(contract.adminBookDay, ({ query }) =>
  readBookDay(query.date, { adminQueries: repositories.adminQueries(), ledger: repositories.ledger(), clock: repositories.clock() }), { secondFactors });
