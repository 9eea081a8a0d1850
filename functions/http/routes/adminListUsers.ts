import { listAdminUsers } from '../../domain/admin-users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { adminQueries } from '../../providers/repositories/admin-queries';
import { settings } from '../../providers/repositories/settings';

export const handler = routeHandler(contract.adminListUsers, async ({ query }) => listAdminUsers(query, { adminQueries: adminQueries(), settings: settings() }));
