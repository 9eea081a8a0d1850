import { startTopup } from '../../domain/topup';
import { walletDeps } from '../../domain/wallet';
import { routeHandler } from '../route-handler';

/** POST /api/wallet/topup (Idempotency-Key header): a pending top-up, credited once when the gateway settles it. */
export const handler = routeHandler('topup', async ({ identity, body, headers, services }) =>
  startTopup({ payer: identity!, amount: body.amount, paymentMethod: body.paymentMethod, walletToken: body.walletToken, idempotencyKey: headers['idempotency-key'] }, walletDeps(services)));
