import { adminActor } from '../../domain/admin-auth';
import { updateAdminUser } from '../../domain/admin-users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../providers/second-factors';
import { clock } from '../../providers/clock';
import { ledger as ledgerRepository } from '../../providers/repositories/ledger';
import { settings } from '../../providers/repositories/settings';
import { users as usersRepository } from '../../providers/repositories/users';

/** Rename, and a balance change as a ledger adjustment by 'admin:<username>' (Idempotency-Key header honoured). */
export const handler = routeHandler(contract.adminUpdateUser, async ({ params, body, identity, headers }) =>
  updateAdminUser(params.id, body, adminActor(identity), { users: usersRepository(), ledger: ledgerRepository(), settings: settings(), clock: clock() }, headers['idempotency-key']), { secondFactors });
