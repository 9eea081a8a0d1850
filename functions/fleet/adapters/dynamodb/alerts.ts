import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { FLEET_ALERT_SCOPE, type AlertRule } from '@shared/schemas/alert';
import type { AlertFilter, AlertRecord, Alerts } from '../../ports/alerts';
import type { MachineRecord } from '@functions/stations/ports/machines';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { buildQuery, entity, type SortCondition } from '@functions/platform/adapters/dynamodb/entity';

/** Resolved alerts are kept this long (TTL). */
const RESOLVED_RETENTION_SECONDS = 90 * 86_400;

/** The item whose `openAlerts` set guards one open alert per rule: the station's, or the fleet's own. */
const guard = entity<Pick<MachineRecord, 'openAlerts'>>()((stationId: string) => (stationId === FLEET_ALERT_SCOPE ? keys.fleetAlerts : keys.machine(stationId)));
/** An alert's item, filed active (then resolved, keys.resolvedAlert) in GSI1 and, while it is to be e-mailed, due in GSI2. */
const alertItem = entity<AlertRecord & { GSI1PK: string; GSI1SK: string; GSI2PK: string; GSI2SK: string; ttl: number }>()(keys.alert, { GSI1: keys.activeAlert, GSI2: keys.dueAlert });
/** A station as the sweep reads it in the heard index (GSI2), and its index entries as it refiles one from its former collection (GSI1). */
type StationFiling = Pick<MachineRecord, 'id' | 'createdAt' | 'heartbeatReceivedAt' | 'openAlerts'> & { GSI1PK: string; GSI1SK: string; GSI2PK: string; GSI2SK: string };
const stationFiling = entity<StationFiling>()(keys.machine, { GSI2: keys.heardStation });

const failedCondition = (error: unknown) => ['ConditionalCheckFailedException', 'TransactionCanceledException'].includes((error as Error).name);

/**
 * Alerts in the single table. One open alert per station and rule: opening adds the rule to the machine item's
 * `openAlerts` set in the same transaction that writes the alert, on the condition that it is not there yet.
 */
export class DynamoAlerts implements Alerts {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async open(alert: AlertRecord): Promise<boolean> {
    const { stationId, rule, openedAt } = alert;
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: [
        { Update: {
          TableName: this.tableName,
          ...guard.update([stationId], {
            add: { openAlerts: new Set([rule]) },
            // A station's guard must be there; the fleet's is created by its first alert.
            condition: (c) => (stationId === FLEET_ALERT_SCOPE ? c.not(c.contains('openAlerts', rule)) : c.and(c.itemExists(), c.not(c.contains('openAlerts', rule)))),
          }),
        } },
        { Put: {
          TableName: this.tableName,
          Item: { ...alertItem.key(stationId, rule, openedAt), ...alertItem.indexes.GSI1(openedAt, stationId, rule), ...(alert.nextNotifyAt ? alertItem.indexes.GSI2(alert.nextNotifyAt, stationId, rule) : {}), ...alert },
          ...alertItem.condition((c) => c.itemNotExists()),
        } },
      ] }));
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  private async latest(stationId: string, rule: AlertRule): Promise<AlertRecord | null> {
    const { Items } = await this.db.send(new QueryCommand({
      TableName: this.tableName, ...alertItem.query('table', keys.alertPartition(stationId, rule)),
      ScanIndexForward: false, Limit: 1, ConsistentRead: true,
    }));
    return Items?.[0] ? withoutKeys<AlertRecord>(Items[0]) : null;
  }

  async resolve(stationId: string, rule: AlertRule, at: string): Promise<AlertRecord | null> {
    const current = await this.latest(stationId, rule);
    if (!current || current.status === 'resolved') {
      // No alert item to resolve: clear a rule left in the set, so that the rule can open again.
      await this.db.send(new UpdateCommand({ TableName: this.tableName, ...guard.update([stationId], { delete: { openAlerts: new Set([rule]) }, condition: (c) => c.itemExists() }) })).catch((e: unknown) => {
        if (!failedCondition(e)) throw e;
      });
      return null;
    }
    const resolved = keys.resolvedAlert(at, stationId, rule);
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: [
        { Update: { TableName: this.tableName, ...guard.update([stationId], { delete: { openAlerts: new Set([rule]) } }) } },
        { Update: {
          TableName: this.tableName,
          ...alertItem.update([stationId, rule, current.openedAt], {
            set: { status: 'resolved', resolvedAt: at, ...resolved, ttl: Math.floor(Date.parse(at) / 1000) + RESOLVED_RETENTION_SECONDS },
            remove: ['GSI2PK', 'GSI2SK', 'nextNotifyAt'],
            condition: (c) => c.ne('status', 'resolved'),
          }),
        } },
      ] }));
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
    const { nextNotifyAt: _next, ...rest } = current;
    return { ...rest, status: 'resolved', resolvedAt: at };
  }

  async acknowledge(stationId: string, rule: AlertRule, openedAt: string, by: string, at: string): Promise<AlertRecord | null> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...alertItem.update([stationId, rule, openedAt], {
          set: { status: 'acknowledged', acknowledgedAt: at, acknowledgedBy: by },
          remove: ['GSI2PK', 'GSI2SK', 'nextNotifyAt'],
          condition: (c) => c.eq('status', 'open'),
        }),
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<AlertRecord>(Attributes) : null;
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
  }

  async get(stationId: string, rule: AlertRule, openedAt: string): Promise<AlertRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.alert(stationId, rule, openedAt) }));
    return Item ? withoutKeys<AlertRecord>(Item) : null;
  }

  async list(filter: AlertFilter) {
    const resolved = filter.status === 'resolved';
    const { status, stationId, rule, from, to } = filter;
    // Active alerts are filed by opening time, so the range is the key's; resolved ones by resolution, so a filter.
    const range: SortCondition | undefined = resolved ? undefined : from && to ? { between: [from, to] } : from ? { ge: from } : to ? { lt: to } : undefined;
    // A filtered page can come back short: the cursor goes on from where DynamoDB stopped reading.
    const result = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...alertItem.query('GSI1', resolved ? keys.resolvedAlertsPartition : keys.activeAlertsPartition, {
        sort: range,
        filter: (c) => c.and(
          ...(status === 'open' || status === 'acknowledged' ? [c.eq('status', status)] : []),
          ...(stationId ? [c.eq('stationId', stationId)] : []),
          ...(rule ? [c.eq('rule', rule)] : []),
          ...(resolved && from ? [c.ge('openedAt', from)] : []),
          ...(resolved && to ? [c.lt('openedAt', to)] : []),
        ),
      }),
      ScanIndexForward: false, Limit: filter.limit, ExclusiveStartKey: decodeCursor(filter.cursor),
    }));
    return { items: (result.Items ?? []).map((i) => withoutKeys<AlertRecord>(i)), nextCursor: encodeCursor(result.LastEvaluatedKey) };
  }

  async counts() {
    const counts = { open: 0, acknowledged: 0 };
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.tableName, ...alertItem.query('GSI1', keys.activeAlertsPartition, { project: ['status'] }), ExclusiveStartKey: start,
      }));
      for (const item of page.Items ?? []) if (item.status === 'open' || item.status === 'acknowledged') counts[item.status as 'open' | 'acknowledged']++;
      start = page.LastEvaluatedKey;
    } while (start);
    return counts;
  }

  async due(now: string, limit: number, cursor?: string) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      // '~' sorts after every receive time with the same prefix, so an alert due exactly now is included.
      ...alertItem.query('GSI2', keys.dueAlertsPartition, { sort: { le: `${now}~` } }), Limit: limit, ExclusiveStartKey: decodeCursor(cursor),
    }));
    return { items: Items.map((i) => withoutKeys<AlertRecord>(i)), nextCursor: encodeCursor(LastEvaluatedKey) };
  }

  async notified(alert: AlertRecord, at: string, nextNotifyAt: string): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...alertItem.update([alert.stationId, alert.rule, alert.openedAt], {
          increment: { notifications: 1 },
          set: { lastNotifiedAt: at, nextNotifyAt, ...alertItem.indexes.GSI2(nextNotifyAt, alert.stationId, alert.rule) },
          // Not when it was acknowledged or resolved meanwhile, nor twice for one due time (two sweeps at once).
          condition: (c) => c.and(c.eq('status', 'open'), c.eq('nextNotifyAt', alert.nextNotifyAt)),
        }),
      }));
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  async silentStations(before: string, limit: number): Promise<MachineRecord[]> {
    await this.refileFormerCollections();
    // Every shard in parallel, oldest first in each; the oldest `limit` of them all are the answer.
    const shards = await Promise.all(keys.heardStationsPartitions.map((partition) => this.silentInShard(partition, before, limit)));
    return shards.flat().sort((a, b) => (a.heardAt < b.heardAt ? -1 : a.heardAt > b.heardAt ? 1 : 0)).slice(0, limit).map((found) => found.station);
  }

  /**
   * Stations written before the heard index became the station collection sit in a GSI1 collection (`MACHINES`, or
   * `MACHINES#<n>` once sharded), where every heartbeat paid one more index write. Each is refiled under its heard
   * shard and taken out of GSI1. The sweep runs every minute, so an updated deployment is migrated a minute after it
   * starts; once done, this is one query per former partition, each empty.
   */
  private async refileFormerCollections(): Promise<void> {
    // No key builder writes the former collection any more, so its query is built without the entity's declared indexes.
    const former = await Promise.all(keys.formerMachinePartitions.map((partition) => this.db.send(new QueryCommand({
      TableName: this.tableName, ...buildQuery<StationFiling>('GSI1', partition, { project: ['GSI1PK', 'id', 'createdAt', 'heartbeatReceivedAt'] }), Limit: 1_000,
    }))));
    for (const item of former.flatMap((page) => page.Items ?? [])) {
      const station = item as Pick<StationFiling, 'id' | 'createdAt' | 'heartbeatReceivedAt' | 'GSI1PK'>;
      const heard = keys.heardStation(station.id, station.heartbeatReceivedAt ?? station.createdAt);
      try {
        await this.db.send(new UpdateCommand({
          TableName: this.tableName,
          ...stationFiling.update([station.id], {
            set: { GSI2PK: heard.GSI2PK },
            // The heard time it has, if it was already filed there (a heartbeat since may have moved it on).
            setIfAbsent: { GSI2SK: heard.GSI2SK },
            remove: ['GSI1PK', 'GSI1SK'],
            // Refiled once: a second sweep meanwhile finds it done.
            condition: (c) => c.eq('GSI1PK', station.GSI1PK),
          }),
        }));
      } catch (error) {
        if (!failedCondition(error)) throw error;
      }
    }
  }

  private async silentInShard(partition: string, before: string, limit: number): Promise<{ heardAt: string; station: MachineRecord }[]> {
    // Stations already alerted are filtered out after reading, so read on until `limit` are found.
    const found: { heardAt: string; station: MachineRecord }[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.tableName,
        ...stationFiling.query('GSI2', partition, {
          sort: { lt: before },
          // Filed at a rounded-down receive time (domain/stations.ts, heardFilingTime): the exact one decides.
          filter: (c) => c.and(c.not(c.contains('openAlerts', 'offline')), c.or(c.lt('heartbeatReceivedAt', before), c.notExists('heartbeatReceivedAt'))),
        }),
        ExclusiveStartKey: start,
      }));
      found.push(...(page.Items ?? []).map((item) => ({ heardAt: String(item.GSI2SK), station: withoutKeys<MachineRecord>(item) })));
      start = page.LastEvaluatedKey;
    } while (start && found.length < limit);
    return found.slice(0, limit);
  }
}

