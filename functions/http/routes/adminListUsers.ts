import { listAdminUsers } from '../../domain/admin-users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.adminListUsers, async ({ query }) => listAdminUsers(query, { adminQueries: repositories.adminQueries(), settings: repositories.settings() }));
