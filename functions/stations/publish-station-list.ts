import { publishStationList } from '../domain/station-list';
import { observedHandler } from '../observability';
import { data } from '../providers/data';
import { stationListSnapshot } from '../providers/station-list';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): rewrites the public station list file when
 * it changed (docs/scale.md, "The station list from the edge").
 */
export const handler = observedHandler('publishStationList', () => publishStationList({ ...data(), snapshot: stationListSnapshot() }), (result) => (result.written ? 'written' : 'unchanged'));
