import { settleGuestSession } from '../domain/guest-orders';
import { failVend } from '../domain/vend-close';
import { paymentDeps } from '../providers/payment-deps';
import { vendDeps } from '../providers/vend';
import { observedHandler } from '../observability';
import { sessionIdOf } from './session-of';

/**
 * IoT rule `SELECT sessionId, reason, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/failed'`: { sessionId, reason?, stationId }: release the hold.
 * A guest order's session is then refunded in full.
 */
export const handler = observedHandler('vendFailed', async (event) => {
  const outcome = await failVend(event, vendDeps());
  if (outcome !== 'dropped') await settleGuestSession(sessionIdOf(event), paymentDeps());
  return outcome;
}, (outcome) => outcome);
