import { completeVend } from '../vending/domain/vend-close';
import { completeOfflineVend, isOfflineCompletion } from '../vending/domain/vend-offline';
import { vendDeps } from '../vending/providers/vend';
import { observedHandler } from '../platform/observability';

/**
 * IoT rule `SELECT sessionId, dispensedMl, offline, token, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/complete'`:
 * { sessionId, dispensedMl, stationId }, or an offline vend's { offline: true, token, dispensedMl, stationId } (vend-offline.ts).
 * A guest order's session, once settled, is refunded and receipted by guestSessionClosed (the table's stream).
 */
export const handler = observedHandler('vendComplete', async (event) => (isOfflineCompletion(event) ? completeOfflineVend(event, vendDeps()) : completeVend(event, vendDeps())), (outcome) => outcome);
