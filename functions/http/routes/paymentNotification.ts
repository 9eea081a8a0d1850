import { DomainError } from '../../domain/errors';
import { handleNotification } from '../../domain/payments';
import { openPaidVendSession } from '../../domain/vend';
import { SignatureRejected } from '../../ports/payment-gateway';
import { logger } from '../../observability';
import { routeHandler } from '../route-handler';
import { vendDeps } from '../../providers/vend';
import { wallet } from '../../providers/wallet';

/**
 * POST /api/payments/notification: the gateway's webhook (Midtrans HTTP notification, or the sandbox's).
 * Accepted only with a valid signature_key; idempotent, so the gateway's retries and duplicates are harmless.
 */
export const handler = routeHandler('paymentNotification', async ({ body }) => {
  try {
    // A wallet purchase settled by this notification opens its vend session here (once per order).
    await handleNotification(body, wallet((order) => openPaidVendSession(order, vendDeps())));
    return { ok: true as const };
  } catch (error) {
    if (error instanceof SignatureRejected) {
      logger.warn('payment notification rejected', { reason: error.message });
      throw new DomainError(403, 'Invalid signature');
    }
    throw error;
  }
});
