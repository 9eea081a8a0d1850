import { recordHeartbeat } from '../domain/stations';
import { log, observedHandler } from '../observability';
import { data } from '../providers/data';

/**
 * IoT rule `SELECT *, topic(2) AS stationId FROM 'stations/+/heartbeat'`: the heartbeat payload plus the
 * station id from the topic. Malformed heartbeats are logged and dropped (never retried).
 */
export const handler = observedHandler('heartbeat', (event) => recordHeartbeat(event, { ...data(), log }), (outcome) => outcome);
