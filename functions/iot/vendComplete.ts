import { completeVend } from '../domain/vend';
import { vendDeps } from '../providers/vend';
import { observedHandler } from '../observability';

/** IoT rule `SELECT *, topic(2) AS stationId FROM 'stations/+/vend/complete'`: { sessionId, dispensedMl, stationId }. */
export const handler = observedHandler('vendComplete', (event) => completeVend(event, vendDeps()), (outcome) => outcome);
