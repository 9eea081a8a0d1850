import { handleNotification } from '../../wallet/domain/payment-confirmation';
import { openPaidVendSession } from '../../vending/domain/vend-paid';
import { SignatureRejected } from '../../wallet/ports/payment-gateway';
import { countMetric } from '../../platform/observability';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { vendDeps } from '../../vending/providers/vend';
import { paymentDeps } from '../../wallet/providers/payment-deps';

/**
 * POST /api/payments/notification: the gateway's webhook (Midtrans HTTP notification, or the sandbox's).
 * Accepted only with a valid signature_key whose status_code goes with its status; money moves only when the
 * gateway's status API confirms it; idempotent, so the gateway's retries and duplicates are harmless. Each
 * outcome is counted (paymentNotification.<result>): `unconfirmed` and `refundOwed` raise alarms.
 */
export const handler = routeHandler(contract.paymentNotification, async ({ body }) => {
  try {
    // A wallet purchase settled by this notification opens its vend session here (once per order).
    const { result } = await handleNotification(body, paymentDeps((order) => openPaidVendSession(order, vendDeps())));
    countMetric(`paymentNotification.${result}`);
    return { ok: true as const };
  } catch (error) {
    if ((error as Error).cause instanceof SignatureRejected) countMetric('paymentNotification.rejected');
    throw error;
  }
});
