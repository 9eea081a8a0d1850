import { transactionsOf } from '../../domain/transactions';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/transactions: the caller's own transactions, newest first, `?limit=&cursor=`, each vend with its claim's state, each withdrawal's entry with where its money went. */
export const handler = routeHandler(contract.listTransactions, async ({ identity, query }) =>
  transactionsOf(identity.sub, query, repositories.ledger(), repositories.claims(), repositories.withdrawals()));
