import { routeHandler } from '../route-handler';

/** Revokes the admin's refresh tokens everywhere (AdminUserGlobalSignOut); the client forgets its tokens. */
export const handler = routeHandler('adminLogout', async ({ identity, services }) => {
  await services.adminAuth.signOutEverywhere(identity!.username);
  return { ok: true as const };
});
