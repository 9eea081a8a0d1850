import { startedVend } from '../vending/domain/vend-close';
import { log, observedHandler } from '../platform/observability';
import { clock } from '../platform/providers/clock';
import { vendSessions } from '../vending/providers/repositories/vend-sessions';

/**
 * IoT rule `SELECT sessionId, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/started'`:
 * { sessionId, stationId, receivedAt }: the station started dispensing (shown live to a guest; no money moves).
 */
export const handler = observedHandler('vendStarted', async (event) => startedVend(event, { vendSessions: vendSessions(), clock: clock(), log }), (outcome) => outcome);
