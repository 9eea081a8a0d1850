import { recordHeartbeat } from '../domain/stations';
import { log, observedHandler } from '../observability';
import { data } from '../providers/data';

/**
 * IoT rule `SELECT waterLevel, quality, firmwareVersion, counters, filter, signalDbm, lastRefill, topic(2) AS stationId,
 * timestamp() AS receivedAt FROM 'stations/+/heartbeat'`: the heartbeat, the station id from the topic and when the
 * broker received it. Malformed heartbeats are logged and dropped (never retried); one handled after a newer one
 * (a late retry) is ignored.
 */
export const handler = observedHandler('heartbeat', (event) => recordHeartbeat(event, { ...data(), log }), (outcome) => outcome);
