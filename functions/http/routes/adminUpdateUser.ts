import { adminActor } from '../../domain/admin-auth';
import { updateAdminUser } from '../../domain/admin-users';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../providers/second-factors';
import * as repositories from '../../providers/repositories';

/** Rename, and a balance change as a ledger adjustment by 'admin:<username>' (Idempotency-Key header honoured). */
export const handler = routeHandler(contract.adminUpdateUser, async ({ params, body, identity, headers }) =>
  updateAdminUser(params.id, body, adminActor(identity), { users: repositories.users(), ledger: repositories.ledger(), settings: repositories.settings(), clock: repositories.clock() }, headers['idempotency-key']), { secondFactors });
