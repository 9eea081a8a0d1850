import { listAdminTransactions } from '../../domain/admin-transactions';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('adminListTransactions', async ({ query, services }) => listAdminTransactions(query, services));
