import { services } from '../composition';
import { consoleLog, recordPresence, type TelemetryOutcome } from '../domain/stations';

/**
 * IoT rule `SELECT * FROM '$aws/events/presence/+/+'`: { clientId, eventType: connected | disconnected,
 * timestamp (ms), disconnectReason, ... }. Older or duplicate events than the last one applied change nothing.
 */
export const handler = async (event: unknown): Promise<TelemetryOutcome> => {
  const { machines, clock } = services();
  return recordPresence(event, { machines, clock, log: consoleLog });
};
