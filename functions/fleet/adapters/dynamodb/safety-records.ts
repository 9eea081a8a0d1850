import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SafetyRecord } from '@shared/schemas/water-safety';
import type { SafetyRecords } from '../../ports/safety-records';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { entity } from '@functions/platform/adapters/dynamodb/entity';

const safetyRecord = entity<SafetyRecord>()(keys.safetyRecord);

/** Water safety records in the station's partition (`MACHINE#<id>`, `SAFETY#<at>#<id>`), kept for good (an audit trail). */
export class DynamoSafetyRecords implements SafetyRecords {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async add(record: SafetyRecord): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: { ...safetyRecord.key(record.stationId, record.at, record.id), ...record }, ...safetyRecord.condition((c) => c.itemNotExists()) }));
  }

  /** The history's sort key leads with the time, so one record is found by its id within the station's partition. */
  async get(stationId: string, id: string): Promise<SafetyRecord | null> {
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.tableName,
        ...safetyRecord.query('table', keys.machine(stationId).PK, { sort: { beginsWith: keys.safetyRecordPrefix }, filter: (c) => c.eq('id', id) }),
        ScanIndexForward: false,
        ExclusiveStartKey: cursor,
      }));
      const item = page.Items?.[0];
      if (item) return withoutKeys<SafetyRecord>(item);
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return null;
  }

  async latest(stationId: string, limit: number): Promise<SafetyRecord[]> {
    const result = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...safetyRecord.query('table', keys.machine(stationId).PK, { sort: { beginsWith: keys.safetyRecordPrefix } }),
      ScanIndexForward: false,
      Limit: limit,
    }));
    return (result.Items ?? []).map((item) => withoutKeys<SafetyRecord>(item));
  }
}
