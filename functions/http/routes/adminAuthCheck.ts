import { adminIdentity } from '../../accounts/domain/admin-auth';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';

/** Reaching the handler means the token was valid (gateway) and carried the admin group (route handler). */
export const handler = routeHandler(contract.adminAuthCheck, async ({ identity }) => adminIdentity(identity));
