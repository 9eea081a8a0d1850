import { listAdminUsers } from '../../domain/admin-users';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('adminListUsers', async ({ query }) => listAdminUsers(query, data()));
