import { failVend } from '../vending/domain/vend-close';
import { vendDeps } from '../vending/providers/vend';
import { observedHandler } from '../platform/observability';

/**
 * IoT rule `SELECT sessionId, reason, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/failed'`: { sessionId, reason?, stationId }: release the hold.
 * A guest order's session is then refunded in full by guestSessionClosed (the table's stream).
 */
export const handler = observedHandler('vendFailed', async (event) => failVend(event, vendDeps()), (outcome) => outcome);
