import { transactionsFor } from '../../wallet/domain/transactions';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { users } from '../../accounts/providers/repositories/users';

/** GET /api/users/{id}/transactions: the caller's own id, or any id for an administrator; 403 otherwise. */
export const handler = routeHandler(contract.listUserTransactions, async ({ identity, params, query }) =>
  transactionsFor(identity, params.id, query, { ledger: ledger(), users: users() }));
