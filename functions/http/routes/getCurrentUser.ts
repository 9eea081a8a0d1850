import { currentUser } from '../../accounts/domain/users';
import { heldByPayCode } from '../../vending/domain/nfc-token';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { withDirectoryAttributes } from '../identity';
import { callerDirectory } from '../../platform/providers/caller-directory';
import { clock } from '../../platform/providers/clock';
import { settings } from '../../platform/providers/repositories/settings';
import { users } from '../../accounts/providers/repositories/users';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';

/**
 * GET /api/auth/user: the signed-in user, created on first sign-in, with what their pay code holds. The authorizer
 * answers 401 without a valid token.
 */
export const handler = routeHandler(contract.getCurrentUser, async ({ identity }) => {
  const [user, reservation] = await Promise.all([
    currentUser(await withDirectoryAttributes(identity, callerDirectory), { users: users(), settings: settings(), clock: clock() }),
    vendSessions().liveReservation(identity.sub),
  ]);
  return { ...user, reserved: heldByPayCode(reservation) };
});
