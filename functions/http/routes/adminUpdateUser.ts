import { adminActor } from '../../accounts/domain/admin-auth';
import { updateAdminUser } from '../../accounts/domain/admin-users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../platform/providers/second-factors';
import { clock } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { settings } from '../../platform/providers/repositories/settings';
import { users } from '../../accounts/providers/repositories/users';

/** Rename, and a balance change as a ledger adjustment by 'admin:<username>' (Idempotency-Key header honoured). */
export const handler = routeHandler(contract.adminUpdateUser, async ({ params, body, identity, headers }) =>
  updateAdminUser(params.id, body, adminActor(identity), { users: users(), ledger: ledger(), settings: settings(), clock: clock() }, headers['idempotency-key']), { secondFactors });
