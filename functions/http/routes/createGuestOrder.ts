import { createGuestOrder } from '../../guests/domain/guest-orders';
import { guestOrderDeps } from '../../guests/providers/guest-order-deps';
import { clientAddress } from '../client-address';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';

/**
 * POST /api/guest/orders (Idempotency-Key header): a guest pays one refill at a station; once the gateway confirms
 * the payment the station is started for it, and what is not dispensed is refunded (docs/payments.md, "Guest orders").
 */
export const handler = routeHandler(contract.createGuestOrder, async ({ body, headers, event, language }) =>
  createGuestOrder({ request: body, idempotencyKey: headers['idempotency-key'], client: clientAddress(event), language }, guestOrderDeps()));
