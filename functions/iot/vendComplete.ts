import { completeVend } from '../vending/domain/vend-close';
import { vendDeps } from '../vending/providers/vend';
import { observedHandler } from '../platform/observability';

/**
 * IoT rule `SELECT sessionId, dispensedMl, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/complete'`: { sessionId, dispensedMl, stationId }.
 * A guest order's session, once settled, is refunded and receipted by guestSessionClosed (the table's stream).
 */
export const handler = observedHandler('vendComplete', async (event) => completeVend(event, vendDeps()), (outcome) => outcome);
