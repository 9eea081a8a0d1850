import { transactionsOf } from '../../domain/transactions';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** GET /api/transactions: the caller's own transactions, newest first, `?limit=&cursor=`, each vend with its claim's state. */
export const handler = routeHandler('listTransactions', async ({ identity, query }) =>
  transactionsOf(identity.sub, query, data().ledger, data().claims));
