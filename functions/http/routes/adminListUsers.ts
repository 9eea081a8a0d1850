import { listAdminUsers } from '../../domain/admin-users';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('adminListUsers', async ({ query, services }) => listAdminUsers(query, services));
