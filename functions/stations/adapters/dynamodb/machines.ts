import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MachineRecord, MachineUpdateCondition, Machines } from '../../ports/machines';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { queryAll } from '@functions/platform/adapters/dynamodb/query';
import { entity } from '@functions/platform/adapters/dynamodb/entity';

/** A station's item: its record, filed in the heard index (GSI2) that is also the station collection. */
const machine = entity<Omit<MachineRecord, 'id' | 'createdAt'> & { GSI2PK: string; GSI2SK: string }>()(keys.machine, { GSI2: keys.heardStation });

/**
 * A station as the table holds it: its own key and its place in the heard index, which is also the station collection
 * (keys.ts). Filed as heard at its creation: a station that never sends a heartbeat is found silent by the sweep too.
 */
export const machineItem = (record: MachineRecord) => ({ ...machine.key(record.id), ...machine.indexes.GSI2(record.id, record.heartbeatReceivedAt ?? record.createdAt), ...record });

export class DynamoMachines implements Machines {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async list(): Promise<MachineRecord[]> {
    const shards = await Promise.all(keys.heardStationsPartitions.map((partition) => queryAll(this.db, new QueryCommand({
      TableName: this.tableName,
      ...machine.query('GSI2', partition),
    }))));
    // In id order, as one partition answered before the collection was sharded.
    return shards.flat().map((item) => withoutKeys<MachineRecord>(item)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async get(id: string): Promise<MachineRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.machine(id) }));
    return Item ? withoutKeys<MachineRecord>(Item) : null;
  }

  async create(record: MachineRecord): Promise<boolean> {
    try {
      await this.db.send(new PutCommand({
        TableName: this.tableName,
        Item: machineItem(record),
        ...machine.condition((c) => c.itemNotExists()),
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async update(id: string, fields: Partial<Omit<MachineRecord, 'id' | 'createdAt'>>, condition: MachineUpdateCondition = {}, filing?: { heardAt: string }): Promise<MachineRecord | null> {
    // A heartbeat also files the station in the heard index, where the sweep finds the silent ones (alerts); the
    // same key written again leaves the index entry in place.
    const update = machine.update([id], {
      set: filing ? { ...fields, ...machine.indexes.GSI2(id, filing.heardAt) } : fields,
      condition: (c) => c.and(
        c.itemExists(),
        ...(condition.presenceBefore !== undefined ? [c.or(c.notExists('presenceAt'), c.lt('presenceAt', condition.presenceBefore))] : []),
        ...(condition.heartbeatReceivedBefore !== undefined ? [c.or(c.notExists('heartbeatReceivedAt'), c.lt('heartbeatReceivedAt', condition.heartbeatReceivedBefore))] : []),
        ...(condition.noSafetyLock ? [c.notExists('safetyLock')] : []),
        ...(condition.safetyLockAt !== undefined ? [c.eq('safetyLock.at', condition.safetyLockAt)] : []),
        ...(condition.statusNotIn ?? []).map((status) => c.ne('status', status)),
      ),
    });
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...update,
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<MachineRecord>(Attributes) : null;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  }
}
