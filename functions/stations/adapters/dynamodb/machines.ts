import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MachineRecord, MachineUpdateCondition, Machines } from '../../ports/machines';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { queryAll, updateExpression } from '@functions/platform/adapters/dynamodb/query';

/**
 * A station as the table holds it: its own key and its place in the heard index, which is also the station collection
 * (keys.ts). Filed as heard at its creation: a station that never sends a heartbeat is found silent by the sweep too.
 */
export const machineItem = (machine: MachineRecord) => ({ ...keys.machine(machine.id), ...keys.heardStation(machine.id, machine.heartbeatReceivedAt ?? machine.createdAt), ...machine });

export class DynamoMachines implements Machines {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async list(): Promise<MachineRecord[]> {
    const shards = await Promise.all(keys.heardStationsPartitions.map((partition) => queryAll(this.db, new QueryCommand({
      TableName: this.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
    }))));
    // In id order, as one partition answered before the collection was sharded.
    return shards.flat().map((item) => withoutKeys<MachineRecord>(item)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async get(id: string): Promise<MachineRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.machine(id) }));
    return Item ? withoutKeys<MachineRecord>(Item) : null;
  }

  async create(machine: MachineRecord): Promise<boolean> {
    try {
      await this.db.send(new PutCommand({
        TableName: this.tableName,
        Item: machineItem(machine),
        ConditionExpression: 'attribute_not_exists(PK)',
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
    const update = updateExpression(filing ? { ...fields, ...keys.heardStation(id, filing.heardAt) } : fields);
    const conditions = ['attribute_exists(PK)'];
    const names: Record<string, string> = { ...update.ExpressionAttributeNames };
    const values: Record<string, unknown> = { ...update.ExpressionAttributeValues };
    if (condition.presenceBefore !== undefined) {
      names['#cPresenceAt'] = 'presenceAt';
      values[':cPresenceAt'] = condition.presenceBefore;
      conditions.push('(attribute_not_exists(#cPresenceAt) OR #cPresenceAt < :cPresenceAt)');
    }
    if (condition.heartbeatReceivedBefore !== undefined) {
      names['#cHeartbeatReceivedAt'] = 'heartbeatReceivedAt';
      values[':cHeartbeatReceivedAt'] = condition.heartbeatReceivedBefore;
      conditions.push('(attribute_not_exists(#cHeartbeatReceivedAt) OR #cHeartbeatReceivedAt < :cHeartbeatReceivedAt)');
    }
    if (condition.noSafetyLock) {
      names['#cSafetyLock'] = 'safetyLock';
      conditions.push('attribute_not_exists(#cSafetyLock)');
    }
    if (condition.safetyLockAt !== undefined) {
      names['#cSafetyLock'] = 'safetyLock';
      names['#cLockAt'] = 'at';
      values[':cLockAt'] = condition.safetyLockAt;
      conditions.push('#cSafetyLock.#cLockAt = :cLockAt');
    }
    condition.statusNotIn?.forEach((status, i) => {
      names['#cStatus'] = 'status';
      values[`:cStatus${i}`] = status;
      conditions.push(`#cStatus <> :cStatus${i}`);
    });
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keys.machine(id),
        UpdateExpression: update.UpdateExpression,
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ConditionExpression: conditions.join(' AND '),
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<MachineRecord>(Attributes) : null;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  }
}
