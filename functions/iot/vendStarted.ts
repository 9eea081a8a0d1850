import { startedVend } from '../domain/vend-close';
import { log, observedHandler } from '../observability';
import { clock } from '../providers/clock';
import { vendSessions } from '../providers/repositories/vend-sessions';

/**
 * IoT rule `SELECT sessionId, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/started'`:
 * { sessionId, stationId, receivedAt }: the station started dispensing (shown live to a guest; no money moves).
 */
export const handler = observedHandler('vendStarted', async (event) => startedVend(event, { vendSessions: vendSessions(), clock: clock(), log }), (outcome) => outcome);
