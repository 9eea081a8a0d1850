import { getAdminUser } from '../../domain/admin-users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** One user as the console shows them, read at once (the Edit User dialog reloads the balance it adjusts against). */
export const handler = routeHandler(contract.adminGetUser, async ({ params }) => getAdminUser(params.id, { users: repositories.users(), settings: repositories.settings() }));
