import { listAdminTransactions } from '../../domain/admin-transactions';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.adminListTransactions, async ({ query }) => listAdminTransactions(query, { adminQueries: repositories.adminQueries() }));
