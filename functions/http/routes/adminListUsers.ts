import { listAdminUsers } from '../../domain/admin-users';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler('adminListUsers', async ({ query }) => listAdminUsers(query, { adminQueries: repositories.adminQueries(), settings: repositories.settings() }));
