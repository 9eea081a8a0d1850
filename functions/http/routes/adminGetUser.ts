import { getAdminUser } from '../../accounts/domain/admin-users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { settings } from '../../platform/providers/repositories/settings';
import { users } from '../../accounts/providers/repositories/users';

/** One user as the console shows them, read at once (the Edit User dialog reloads the balance it adjusts against). */
export const handler = routeHandler(contract.adminGetUser, async ({ params }) => getAdminUser(params.id, { users: users(), settings: settings() }));
