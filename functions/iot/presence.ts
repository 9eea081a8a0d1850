import { recordPresence } from '../fleet/domain/stations';
import { log, observedHandler } from '../platform/observability';
import { clock } from '../platform/providers/clock';
import { machines } from '../stations/providers/repositories/machines';
import { telemetry } from '../fleet/providers/repositories/telemetry';

/**
 * IoT rule `SELECT * FROM '$aws/events/presence/+/+'`: { clientId, eventType: connected | disconnected,
 * timestamp (ms), disconnectReason, ... }. Older or duplicate events than the last one applied change nothing.
 */
export const handler = observedHandler('presence', (event) => recordPresence(event, { machines: machines(), telemetry: telemetry(), clock: clock(), log }), (outcome) => outcome);
