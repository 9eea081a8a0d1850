import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StationChange } from '../../domain/station-list';
import type { MachineRecord } from '../../ports/machines';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';

/** The machine item's sort key: what tells a station's item from its readings, events and safety records. */
const MACHINE_SK = keys.machine('').SK;

/** Lambda's event source mapping of the station list's change publisher, read by the construct and the local poller. */
export const STATION_CHANGE_STREAM_MAPPING = {
  /** A batch waits at most the window: a change reaches the file a few seconds after it was written. */
  batchSize: 100,
  maxBatchingWindowSeconds: 2,
  /** A failed publication is not worth more: the schedule rewrites the file within the minute anyway. */
  retryAttempts: 2,
} as const;

/** Station items only (added, changed, removed); CDK gives Lambda this as its event filter. */
export const STATION_CHANGE_STREAM_FILTER = { dynamodb: { Keys: { SK: { S: [MACHINE_SK] } } } } as const;

export function isStationChange(record: Pick<DynamoDBRecord, 'dynamodb'>): boolean {
  return record.dynamodb?.Keys?.SK?.S === MACHINE_SK;
}

const recordOf = (image: Record<string, unknown> | undefined) => (image ? withoutKeys<MachineRecord>(unmarshall(image as Record<string, AttributeValue>)) : null);

/** A station before and after the write of a stream record (the table keeps both images). */
export function stationChangeOf(record: Pick<DynamoDBRecord, 'dynamodb'>): StationChange {
  return { before: recordOf(record.dynamodb?.OldImage), after: recordOf(record.dynamodb?.NewImage) };
}
