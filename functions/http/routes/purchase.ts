import { openPaidVendSession } from '../../vending/domain/vend-paid';
import { startPurchase } from '../../wallet/domain/purchase';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { vendDeps } from '../../vending/providers/vend';
import { paymentDeps } from '../../wallet/providers/payment-deps';
import { withDirectoryAttributes } from '../identity';
import { callerDirectory } from '../../platform/providers/caller-directory';

/**
 * POST /api/purchase (Idempotency-Key header): pay a refill with Google Pay or Apple Pay through the gateway;
 * once paid (and credited to the wallet), a vend session for the volume is opened at the station (remote start).
 */
export const handler = routeHandler(contract.purchase, async ({ identity, body, headers }) =>
  startPurchase(
    { payer: await withDirectoryAttributes(identity, callerDirectory), request: body, idempotencyKey: headers['idempotency-key'] },
    paymentDeps((order) => openPaidVendSession(order, vendDeps())),
  ));
