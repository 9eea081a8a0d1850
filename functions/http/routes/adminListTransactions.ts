import { listAdminTransactions } from '../../domain/admin-transactions';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler('adminListTransactions', async ({ query }) => listAdminTransactions(query, { adminQueries: repositories.adminQueries() }));
