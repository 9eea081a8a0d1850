import { currentUser } from '../../domain/users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { withDirectoryAttributes } from '../identity';
import { callerDirectory } from '../../providers/caller-directory';
import * as repositories from '../../providers/repositories';

/** GET /api/auth/user: the signed-in user, created on first sign-in. The authorizer answers 401 without a valid token. */
export const handler = routeHandler(contract.getCurrentUser, async ({ identity }) => currentUser(await withDirectoryAttributes(identity, callerDirectory), { users: repositories.users(), settings: repositories.settings(), clock: repositories.clock() }));
