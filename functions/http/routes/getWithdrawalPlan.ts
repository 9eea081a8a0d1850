import { withdrawalPlan } from '../../domain/withdrawals';
import { withdrawalDeps } from '../../providers/withdrawals';
import * as contract from '@shared/routes';
import { routeHandler } from '../route-handler';

/** GET /api/wallet/withdrawal-plan: what withdrawing the balance would refund where, and what not and why. */
export const handler = routeHandler(contract.getWithdrawalPlan, async ({ identity }) => withdrawalPlan(identity.sub, withdrawalDeps()));
