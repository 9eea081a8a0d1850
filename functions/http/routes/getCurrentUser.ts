import { currentUser } from '../../domain/users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { withDirectoryAttributes } from '../identity';
import { callerDirectory } from '../../providers/caller-directory';
import { clock } from '../../providers/clock';
import { settings } from '../../providers/repositories/settings';
import { users as usersRepository } from '../../providers/repositories/users';

/** GET /api/auth/user: the signed-in user, created on first sign-in. The authorizer answers 401 without a valid token. */
export const handler = routeHandler(contract.getCurrentUser, async ({ identity }) => currentUser(await withDirectoryAttributes(identity, callerDirectory), { users: usersRepository(), settings: settings(), clock: clock() }));
