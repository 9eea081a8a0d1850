import { transactionsFor } from '../../domain/transactions';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/users/{id}/transactions: the caller's own id, or any id for an administrator; 403 otherwise. */
export const handler = routeHandler(contract.listUserTransactions, async ({ identity, params, query }) =>
  transactionsFor(identity, params.id, query, { ledger: repositories.ledger(), users: repositories.users() }));
