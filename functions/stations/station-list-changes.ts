import type { DynamoDBRecord } from 'aws-lambda';
import { isStationChange, stationChangeOf } from './adapters/dynamodb/station-changes';
import { publishChangedStations } from './domain/station-list';
import { observedHandler } from '../platform/observability';
import { stationListSnapshot } from './providers/station-list';
import { clock } from '../platform/providers/clock';
import { leases } from '../platform/providers/repositories/leases';
import { machines } from './providers/repositories/machines';
import { fleetPrices } from './providers/repositories/fleet-prices';
import { settings } from '../platform/providers/repositories/settings';

/**
 * The table's stream, filtered to station items: rewrites the public station list file seconds after a change
 * visitors should see, rather than at the schedule's next minute (docs/scale.md, "The station list from the edge").
 */
export const handler = observedHandler(
  'stationListChanges',
  (event) => publishChangedStations(((event as { Records?: DynamoDBRecord[] }).Records ?? []).filter(isStationChange).map(stationChangeOf), {
    machines: machines(), settings: settings(), clock: clock(), leases: leases(), snapshot: stationListSnapshot(), fleetPrices: fleetPrices(),
  }),
  (result) => result.outcome,
);
