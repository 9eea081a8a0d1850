import { publishStationList } from '../domain/station-list';
import { observedHandler } from '../observability';
import { stationListSnapshot } from '../providers/station-list';
import * as repositories from '../providers/repositories';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): rewrites the public station list file when
 * it changed (docs/scale.md, "The station list from the edge").
 */
export const handler = observedHandler('publishStationList', () => publishStationList({ machines: repositories.machines(), settings: repositories.settings(), clock: repositories.clock(), snapshot: stationListSnapshot() }), (result) => (result.written ? 'written' : 'unchanged'));
