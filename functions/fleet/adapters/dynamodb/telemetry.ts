import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StationEvent } from '@shared/schemas/telemetry';
import type { StoredReading, Telemetry } from '../../ports/telemetry';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { entity } from '@functions/platform/adapters/dynamodb/entity';

const reading = entity<StoredReading>()(keys.telemetryReading);
const stationEvent = entity<StationEvent>()(keys.stationEvent);

/** Readings and events live in the station's own partition (`MACHINE#<id>`), beside the machine item. */
export class DynamoTelemetry implements Telemetry {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async putReading(stationId: string, reading: StoredReading, expiresAt: number): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.telemetryReading(stationId, reading.at), ...reading, ttl: expiresAt } }));
  }

  async readings(stationId: string, range: { from: string; to: string }, page: { limit: number; cursor?: string }) {
    const { PK } = keys.machine(stationId);
    const result = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...reading.query('table', PK, { sort: { between: [keys.telemetryReading(stationId, range.from).SK, keys.telemetryReading(stationId, range.to).SK] } }),
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor),
    }));
    return { items: (result.Items ?? []).map(readingOf), nextCursor: encodeCursor(result.LastEvaluatedKey) };
  }

  async deleteReading(stationId: string, at: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: keys.telemetryReading(stationId, at) }));
  }

  async putEvent(stationId: string, event: StationEvent, expiresAt: number): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.stationEvent(stationId, event.at, event.kind), ...event, ttl: expiresAt } }));
  }

  async latestEvents(stationId: string, limit: number): Promise<StationEvent[]> {
    const result = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...stationEvent.query('table', keys.machine(stationId).PK, { sort: { beginsWith: keys.stationEventPrefix } }),
      ScanIndexForward: false,
      Limit: limit,
    }));
    return (result.Items ?? []).map((item) => withoutKeys<StationEvent>(item));
  }
}

/** A reading item as the charts read it: the heartbeat rule also keeps the whole heartbeat beside it for the fold. */
function readingOf(item: Record<string, unknown>): StoredReading {
  const n = (name: string) => item[name] as number;
  return {
    at: item.at as string, waterLevel: n('waterLevel'), tdsPpm: n('tdsPpm'), temperatureC: n('temperatureC'), dispensedMl: n('dispensedMl'),
    vends: n('vends'), failures: (item.failures as number | undefined) ?? 0, signalDbm: (item.signalDbm as number | undefined) ?? null,
  };
}
