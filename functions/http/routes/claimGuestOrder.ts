import { claimGuestOrder } from '../../guests/domain/guest-receipts';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { paymentOrders } from '../../wallet/providers/repositories/payment-orders';
import { users } from '../../accounts/providers/repositories/users';

/** POST /api/guest/orders/{id}/claim: the signed-in caller keeps a guest receipt (its impact, and what the gateway would not refund). */
export const handler = routeHandler(contract.claimGuestOrder, async ({ identity, params, body }) => claimGuestOrder(identity, params.id, body.secret, { paymentOrders: paymentOrders(), ledger: ledger(), users: users(), clock: clock() }));
