import { listAdminUsers } from '../../accounts/domain/admin-users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { adminQueries } from '../../system/providers/repositories/admin-queries';
import { settings } from '../../platform/providers/repositories/settings';

export const handler = routeHandler(contract.adminListUsers, async ({ query }) => listAdminUsers(query, { adminQueries: adminQueries(), settings: settings() }));
