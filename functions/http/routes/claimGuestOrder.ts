import { claimGuestOrder } from '../../domain/guest-receipts';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** POST /api/guest/orders/{id}/claim: the signed-in caller keeps a guest receipt (its impact, and what the gateway would not refund). */
export const handler = routeHandler(contract.claimGuestOrder, async ({ identity, params, body }) => claimGuestOrder(identity, params.id, body.secret, { paymentOrders: repositories.paymentOrders(), ledger: repositories.ledger(), users: repositories.users(), clock: repositories.clock() }));
