import { startPurchase, walletDeps } from '../../domain/wallet';
import { routeHandler } from '../route-handler';

/** POST /api/purchase (Idempotency-Key header): pay a refill with Google Pay or Apple Pay through the gateway. */
export const handler = routeHandler('purchase', async ({ identity, body, headers, services }) =>
  startPurchase({ payer: identity!, request: body, idempotencyKey: headers['idempotency-key'] }, walletDeps(services)));
