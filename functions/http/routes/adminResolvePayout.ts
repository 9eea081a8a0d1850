import { adminActor } from '../../accounts/domain/admin-auth';
import { resolvePayout } from '../../wallet/domain/withdrawals';
import { payoutDeps } from '../../wallet/providers/withdrawals';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../platform/providers/second-factors';

/** An operator closes a payout request (paid, with the transfer's reference; or returned to the wallet, with why), as 'admin:<username>'. */
export const handler = routeHandler(contract.adminResolvePayout, async ({ params, body, identity }) => resolvePayout(params.id, body, adminActor(identity!), payoutDeps()), { secondFactors });
