import { settleGuestSession } from '../domain/guest-orders';
import { completeVend } from '../domain/vend-close';
import { paymentDeps } from '../providers/payment-deps';
import { vendDeps } from '../providers/vend';
import { observedHandler } from '../observability';
import { sessionIdOf } from './session-of';

/**
 * IoT rule `SELECT sessionId, dispensedMl, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/complete'`: { sessionId, dispensedMl, stationId }.
 * A guest order's session, once settled, has the rest of its payment refunded and its receipt sent.
 */
export const handler = observedHandler('vendComplete', async (event) => {
  const outcome = await completeVend(event, vendDeps());
  if (outcome !== 'dropped') await settleGuestSession(sessionIdOf(event), paymentDeps());
  return outcome;
}, (outcome) => outcome);
