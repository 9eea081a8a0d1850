import { publishStationList } from './domain/station-list';
import { observedHandler } from '../platform/observability';
import { stationListSnapshot } from './providers/station-list';
import { clock } from '../platform/providers/clock';
import { machines } from './providers/repositories/machines';
import { fleetPrices } from './providers/repositories/fleet-prices';
import { settings } from '../platform/providers/repositories/settings';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): rewrites the public station list file when
 * it changed (docs/scale.md, "The station list from the edge").
 */
export const handler = observedHandler('publishStationList', () => publishStationList({ machines: machines(), settings: settings(), clock: clock(), snapshot: stationListSnapshot(), fleetPrices: fleetPrices() }), (result) => (result.written ? 'written' : 'unchanged'));
