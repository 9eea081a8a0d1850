import { BatchGetCommand, BatchWriteCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { machineItem } from '@functions/stations/adapters/dynamodb/machines';
import { queryAll } from '@functions/platform/adapters/dynamodb/query';
import { effectiveStatus } from '@functions/stations/domain/machines';
import type { MachineRecord } from '@functions/stations/ports/machines';
import { HEARTBEAT_INTERVAL_SECONDS } from '@shared/constants';
import { summarize } from './scale-shared';

/** The scale run's side of DynamoDB Local (test/bench/scale.ts): seeding its stations, reading them back, the write ceiling. */

/** Scale stations are SCL-00001 ...: apart from the seeded stations. */
export const PREFIX = 'SCL';
export const stationIds = (n: number) => Array.from({ length: n }, (_, i) => `${PREFIX}-${String(i + 1).padStart(5, '0')}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Row { id: string; status: MachineRecord['status']; lastHeartbeat?: string; counters?: { uptimeSeconds?: number }; presenceAt?: string; updatedAt: string }
/** Every scale station's record (the machines index), the read's duration added to `scanTimes`. */
export async function readAll(db: DynamoDBDocumentClient, tableName: string, scanTimes: number[]): Promise<Row[]> {
  const started = performance.now();
  const shards = await Promise.all(keys.heardStationsPartitions.map((partition) => queryAll(db, new QueryCommand({
    TableName: tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    FilterExpression: 'begins_with(#id, :prefix)',
    ExpressionAttributeValues: { ':pk': partition, ':prefix': `${PREFIX}-` },
    ExpressionAttributeNames: { '#id': 'id', '#status': 'status', '#counters': 'counters' },
    ProjectionExpression: '#id, #status, lastHeartbeat, #counters.uptimeSeconds, presenceAt, updatedAt',
  }))));
  const rows = shards.flat() as unknown as Row[];
  scanTimes.push(performance.now() - started);
  return rows;
}

/** Some stations' records (BatchGetItem, 100 at a time). */
export async function readSome(db: DynamoDBDocumentClient, tableName: string, stationIds: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < stationIds.length; i += 100) {
    let request: Record<string, unknown>[] = stationIds.slice(i, i + 100).map((id) => keys.machine(id));
    for (let attempt = 0; request.length && attempt < 10; attempt++) {
      const out = await db.send(new BatchGetCommand({
        RequestItems: { [tableName]: { Keys: request, ProjectionExpression: '#id, #status, lastHeartbeat, presenceAt, updatedAt', ExpressionAttributeNames: { '#id': 'id', '#status': 'status' } } },
      }));
      rows.push(...((out.Responses?.[tableName] ?? []) as Row[]));
      request = (out.UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return rows;
}

/** Every (station, uptimeSeconds) read back, with the server time it was stored and how many reads saw it. */
export type Observed = Map<string, Map<number, { lastHeartbeat: string; seen: number }>>;
export function observe(observed: Observed, rows: Row[]) {
  for (const row of rows) {
    const uptime = row.counters?.uptimeSeconds;
    if (uptime === undefined || !row.lastHeartbeat) continue;
    let forStation = observed.get(row.id);
    if (!forStation) observed.set(row.id, (forStation = new Map()));
    const seen = forStation.get(uptime);
    if (seen) seen.seen++;
    else forStation.set(uptime, { lastHeartbeat: row.lastHeartbeat, seen: 1 });
  }
}
/** The status people would see (effectiveStatus, as GET /api/machines computes it) and the stored one. */
export const statusOf = (row: Row, now: Date) => ({ stored: row.status, effective: effectiveStatus(row as unknown as MachineRecord, now, HEARTBEAT_INTERVAL_SECONDS) });

/** The scale stations' machine records, offline until their first heartbeat (BatchWriteItem, four writers). */
export async function seedMachines(db: DynamoDBDocumentClient, tableName: string, ids: string[], progress: (seeded: number) => void) {
  const now = new Date().toISOString();
  const items = ids.map((id, i) => machineItem({
    id, name: `Scale station ${i + 1}`, location: `Jl. Skala ${i + 1}, Denpasar, Bali`,
    latitude: (-8.85 + (i % 100) * 0.004).toFixed(4), longitude: (115.05 + Math.floor(i / 100) * 0.004).toFixed(4),
    status: 'offline', maxFillMl: 1500, features: ['NFC Payment'], createdAt: now, updatedAt: now,
  }));
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < batches.length) {
      let requests = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length; attempt++) {
        if (attempt > 10) throw new Error('BatchWrite keeps leaving items unprocessed');
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        if (requests.length) await sleep(100 * 2 ** attempt);
      }
      if (++done % 80 === 0) progress(Math.min(done * 25, ids.length));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/**
 * How many heartbeat-shaped writes DynamoDB Local takes here, from this process with the SDK's 50 sockets (as the
 * stack's handlers have): 8 s alone, then during one read of all stations. The records keep status and
 * lastHeartbeat; the heartbeats overwrite what this writes.
 */
export async function probeWriteCeiling(db: DynamoDBDocumentClient, tableName: string, ids: string[]) {
  const write = (id: string) => db.send(new UpdateCommand({
    TableName: tableName,
    Key: keys.machine(id),
    UpdateExpression: 'SET waterLevel = :w, quality = :q, firmwareVersion = :f, counters = :c, updatedAt = :u',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':w': 50, ':q': { tdsPpm: 40, temperatureC: 27 }, ':f': 'probe', ':c': { dispensedMl: 0, vends: 0, failures: 0 }, ':u': new Date().toISOString() },
    ReturnValues: 'ALL_NEW',
  }));
  const run = async (until: () => boolean) => {
    const times: number[] = [];
    const started = performance.now();
    let i = 0;
    await Promise.all(Array.from({ length: 50 }, async () => {
      while (!until()) {
        const t = performance.now();
        await write(ids[i++ % ids.length]!);
        times.push(performance.now() - t);
      }
    }));
    return { perSecond: Math.round(times.length / ((performance.now() - started) / 1000)), ms: summarize(times) };
  };
  const warmUntil = Date.now() + 2000;
  await run(() => Date.now() > warmUntil);
  const aloneUntil = Date.now() + 8000;
  const alone = await run(() => Date.now() > aloneUntil);
  let reading = true;
  let readMs = 0;
  const read = (async () => {
    const t = performance.now();
    await readAll(db, tableName, []); // not one of the verifier's reads
    readMs = Math.round(performance.now() - t);
    reading = false;
  })();
  const duringRead = await run(() => !reading);
  await read;
  return { alone, duringRead, readMs };
}

/** The uptimeSeconds of every reading in each station's history (the mixed run's check that no heartbeat was lost). */
export async function readHistories(db: DynamoDBDocumentClient, tableName: string, ids: string[]): Promise<Map<string, Set<number>>> {
  const histories = new Map<string, Set<number>>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const items = await queryAll(db, new QueryCommand({
        TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.telemetryReading(id, '').PK, ':prefix': keys.telemetryReading(id, '').SK },
        ExpressionAttributeNames: { '#counters': 'counters' }, ProjectionExpression: '#counters.uptimeSeconds',
      }));
      histories.set(id, new Set(items.map((item) => Number((item.counters as { uptimeSeconds?: number } | undefined)?.uptimeSeconds))));
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return histories;
}
