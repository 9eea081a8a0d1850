import { withdrawalPlan } from '../../domain/withdrawals';
import * as repositories from '../../providers/repositories';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';

/** GET /api/wallet/withdrawal-plan: what withdrawing the balance would refund where, and what not and why. */
export const handler = routeHandler(contract.getWithdrawalPlan, async ({ identity }) => withdrawalPlan(identity.sub, {
  clock: repositories.clock(), users: repositories.users(), ledger: repositories.ledger(), paymentOrders: repositories.paymentOrders(),
}));
