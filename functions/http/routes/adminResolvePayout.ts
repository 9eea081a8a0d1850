import { adminActor } from '../../domain/admin-auth';
import { resolvePayout } from '../../domain/withdrawals';
import { payoutDeps } from '../../providers/withdrawals';
import * as contract from '@shared/routes';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../providers/second-factors';

/** An operator closes a payout request (paid, or returned to the wallet), as 'admin:<username>' with a note. */
export const handler = routeHandler(contract.adminResolvePayout, async ({ params, body, identity }) => resolvePayout(params.id, body, adminActor(identity!), payoutDeps()), { secondFactors });
