import { listAdminTransactions } from '../../wallet/domain/admin-transactions';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { adminQueries } from '../../system/providers/repositories/admin-queries';

export const handler = routeHandler(contract.adminListTransactions, async ({ query }) => listAdminTransactions(query, { adminQueries: adminQueries() }));
