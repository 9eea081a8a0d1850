import { services } from '../composition';
import { consoleLog, recordHeartbeat, type TelemetryOutcome } from '../domain/stations';

/**
 * IoT rule `SELECT *, topic(2) AS stationId FROM 'stations/+/heartbeat'`: the heartbeat payload plus the
 * station id from the topic. Malformed heartbeats are logged and dropped (never retried).
 */
export const handler = async (event: unknown): Promise<TelemetryOutcome> => {
  const { machines, clock } = services();
  return recordHeartbeat(event, { machines, clock, log: consoleLog });
};
