import { startedVend } from '../domain/vend-close';
import { vendDeps } from '../providers/vend';
import { observedHandler } from '../observability';

/**
 * IoT rule `SELECT sessionId, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/started'`:
 * { sessionId, stationId, receivedAt }: the station started dispensing (shown live to a guest; no money moves).
 */
export const handler = observedHandler('vendStarted', async (event) => startedVend(event, vendDeps()), (outcome) => outcome);
