import { claimGuestOrder } from '../../domain/guest-receipts';
import { data } from '../../providers/data';
import { routeHandler } from '../route-handler';

/** POST /api/guest/orders/{id}/claim: the signed-in caller keeps a guest receipt (its impact, and what the gateway would not refund). */
export const handler = routeHandler('claimGuestOrder', async ({ identity, params, body }) => claimGuestOrder(identity, params.id, body.secret, data()));
