import { adminIdentity } from '../../domain/admin-auth';
import { routeHandler } from '../route-handler';

/** Reaching the handler means the token was valid (gateway) and carried the admin group (route handler). */
export const handler = routeHandler('adminAuthCheck', async ({ identity }) => adminIdentity(identity));
