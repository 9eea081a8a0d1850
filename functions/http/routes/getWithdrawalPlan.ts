import { withdrawalPlan } from '../../wallet/domain/withdrawals';
import { clock } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { paymentOrders } from '../../wallet/providers/repositories/payment-orders';
import { users } from '../../accounts/providers/repositories/users';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';

/** GET /api/wallet/withdrawal-plan: what withdrawing the balance would refund where, and what not and why. */
export const handler = routeHandler(contract.getWithdrawalPlan, async ({ identity }) => withdrawalPlan(identity.sub, {
  clock: clock(), users: users(), ledger: ledger(), paymentOrders: paymentOrders(),
}));
