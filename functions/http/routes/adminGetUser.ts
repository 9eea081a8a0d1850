import { getAdminUser } from '../../domain/admin-users';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** One user as the console shows them, read at once (the Edit User dialog reloads the balance it adjusts against). */
export const handler = routeHandler('adminGetUser', async ({ params }) => getAdminUser(params.id, data()));
