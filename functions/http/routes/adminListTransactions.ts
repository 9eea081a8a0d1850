import { listAdminTransactions } from '../../domain/admin-transactions';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('adminListTransactions', async ({ query }) => listAdminTransactions(query, data()));
