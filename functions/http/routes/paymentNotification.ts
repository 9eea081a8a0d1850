import { DomainError } from '../../domain/errors';
import { handleNotification } from '../../domain/payments';
import { consoleLog } from '../../domain/stations';
import { openPaidVendSession } from '../../domain/vend';
import { walletDeps } from '../../domain/wallet';
import { SignatureRejected } from '../../ports/payment-gateway';
import { routeHandler } from '../route-handler';

/**
 * POST /api/payments/notification: the gateway's webhook (Midtrans HTTP notification, or the sandbox's).
 * Accepted only with a valid signature_key; idempotent, so the gateway's retries and duplicates are harmless.
 */
export const handler = routeHandler('paymentNotification', async ({ body, services }) => {
  try {
    // A wallet purchase settled by this notification opens its vend session here (once per order).
    await handleNotification(body, walletDeps(services, (order) => openPaidVendSession(order, { ...services, log: consoleLog })));
    return { ok: true as const };
  } catch (error) {
    if (error instanceof SignatureRejected) {
      console.warn(JSON.stringify({ level: 'warn', message: 'payment notification rejected', reason: error.message }));
      throw new DomainError(403, 'Invalid signature');
    }
    throw error;
  }
});
