import { transactionsOf } from '../../domain/transactions';
import { routeHandler } from '../route-handler';

/** GET /api/transactions: the caller's own transactions, newest first, `?limit=&cursor=`. */
export const handler = routeHandler('listTransactions', async ({ identity, query, services }) =>
  transactionsOf(identity!.sub, query, services.ledger));
