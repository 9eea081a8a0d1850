import { completeVend } from '../domain/vend-close';
import { vendDeps } from '../providers/vend';
import { observedHandler } from '../observability';

/** IoT rule `SELECT sessionId, dispensedMl, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/complete'`: { sessionId, dispensedMl, stationId }. */
export const handler = observedHandler('vendComplete', (event) => completeVend(event, vendDeps()), (outcome) => outcome);
