import { withdrawalPlan } from '../../domain/withdrawals';
import { withdrawalDeps } from '../../providers/withdrawals';
import { routeHandler } from '../route-handler';

/** GET /api/wallet/withdrawal-plan: what withdrawing the balance would refund where, and what not and why. */
export const handler = routeHandler('getWithdrawalPlan', async ({ identity }) => withdrawalPlan(identity.sub, withdrawalDeps()));
