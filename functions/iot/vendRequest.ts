import { authorizeVend } from '../vending/domain/vend';
import { vendDeps } from '../vending/providers/vend';
import { observedHandler } from '../platform/observability';

/** IoT rule `SELECT token, requestId, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/request'`: { token, requestId, stationId }. */
export const handler = observedHandler('vendRequest', (event) => authorizeVend(event, vendDeps()), (outcome) => outcome.decision);
