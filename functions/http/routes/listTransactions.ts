import { transactionsOf } from '../../wallet/domain/transactions';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { claims } from '../../vending/providers/repositories/claims';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { withdrawals } from '../../wallet/providers/repositories/withdrawals';

/** GET /api/transactions: the caller's own transactions, newest first, `?limit=&cursor=`, each vend with its claim's state, each withdrawal's entry with where its money went. */
export const handler = routeHandler(contract.listTransactions, async ({ identity, query }) =>
  transactionsOf(identity.sub, query, ledger(), claims(), withdrawals()));
