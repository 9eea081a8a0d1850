import { currentUser } from '../../domain/users';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';
import { withDirectoryAttributes } from '../identity';
import { callerDirectory } from '../../providers/caller-directory';

/** GET /api/auth/user: the signed-in user, created on first sign-in. The authorizer answers 401 without a valid token. */
export const handler = routeHandler('getCurrentUser', async ({ identity }) => currentUser(await withDirectoryAttributes(identity, callerDirectory), data()));
