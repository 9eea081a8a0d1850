import { recordPresence } from '../domain/stations';
import { log, observedHandler } from '../observability';
import * as repositories from '../providers/repositories';

/**
 * IoT rule `SELECT * FROM '$aws/events/presence/+/+'`: { clientId, eventType: connected | disconnected,
 * timestamp (ms), disconnectReason, ... }. Older or duplicate events than the last one applied change nothing.
 */
export const handler = observedHandler('presence', (event) => recordPresence(event, { machines: repositories.machines(), telemetry: repositories.telemetry(), clock: repositories.clock(), log }), (outcome) => outcome);
