import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { adminAuth } from '../../accounts/providers/admin-auth';

/** Revokes the admin's refresh tokens everywhere (AdminUserGlobalSignOut); the client forgets its tokens. */
export const handler = routeHandler(contract.adminLogout, async ({ identity }) => {
  await adminAuth().signOutEverywhere(identity.username);
  return { ok: true as const };
});
