import { adminActor } from '../../domain/admin-auth';
import { resolveClaim } from '../../domain/claims';
import { claimDeps } from '../../providers/claims';
import { routeHandler } from '../route-handler';

/** An admin credits or declines a pending claim, as 'admin:<username>' (the ledger entry and the claim keep who and why). */
export const handler = routeHandler('adminResolveClaim', async ({ params, body, identity }) => resolveClaim(params.id, body, adminActor(identity), claimDeps()));
