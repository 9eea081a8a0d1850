import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { heartbeatOf, isIngestedReading } from '../fleet/adapters/iot/heartbeat-ingest';
import { Heartbeat, recordHeartbeat } from '../fleet/domain/stations';
import { log, observedHandler } from '../platform/observability';
import { alerts } from '../fleet/providers/repositories/alerts';
import { clock, ids } from '../platform/providers/clock';
import { machines } from '../stations/providers/repositories/machines';
import { safetyRecords } from '../fleet/providers/repositories/safety-records';
import { settings as settingsRepository } from '../platform/providers/repositories/settings';
import { telemetry } from '../fleet/providers/repositories/telemetry';
import { tickets } from '../fieldwork/providers/repositories/tickets';

interface Reading {
  sequenceNumber: string;
  item: Record<string, unknown>;
}

/**
 * The table's stream, filtered to new readings (docs/stations.md, Heartbeats): the heartbeat rule already wrote each
 * reading to the station's history; this folds the newest of each station in the batch into its live values and its
 * alerts (an older one would be ignored anyway). A reading refused (out of range, unknown station) is removed again. A station whose fold failed is reported by its first record, so that Lambda retries from there.
 */
export async function foldReadings(records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse & { outcomes: Record<string, number> }> {
  const newest = new Map<string, Reading>();
  const first = new Map<string, string>();
  const refused: Record<string, unknown>[] = [];
  for (const record of records) {
    if (!isIngestedReading(record) || !record.dynamodb?.NewImage) continue;
    const item = unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>);
    const parsed = Heartbeat.safeParse(heartbeatOf(item));
    if (!parsed.success) {
      log.warn('heartbeat dropped: malformed', { stationId: String(item.stationId).slice(0, 64), issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
      refused.push(item);
      continue;
    }
    const { stationId } = parsed.data;
    const sequenceNumber = record.dynamodb.SequenceNumber ?? '';
    if (!first.has(stationId)) first.set(stationId, sequenceNumber);
    const seen = newest.get(stationId);
    if (!seen || Number(item.receivedAt) > Number(seen.item.receivedAt)) newest.set(stationId, { sequenceNumber, item });
  }
  // One read of the settings per batch, not one per station: a batch spans at most a few seconds of readings.
  const settingsStore = settingsRepository();
  let settings: ReturnType<typeof settingsStore.get> | undefined;
  const deps = {
    machines: machines(), alerts: alerts(), tickets: tickets(), safetyRecords: safetyRecords(),
    telemetry: telemetry(), clock: clock(), ids: ids(), log,
    settings: { get: () => (settings ??= settingsStore.get()) },
  };
  const outcomes: Record<string, number> = refused.length ? { dropped: refused.length } : {};
  await Promise.all(refused.map((item) => deps.telemetry.deleteReading(String(item.stationId), String(item.at))));
  const failed: string[] = [];
  await Promise.all([...newest].map(async ([stationId, { item }]) => {
    try {
      const outcome = await recordHeartbeat(heartbeatOf(item), deps);
      if (outcome === 'dropped') await deps.telemetry.deleteReading(stationId, String(item.at));
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    } catch (error) {
      log.warn('heartbeat fold failed; retried from its first record', { stationId, error: (error as Error).message });
      failed.push(first.get(stationId)!);
    }
  }));
  // Lambda checkpoints at the lowest sequence number reported and retries from there.
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })), outcomes };
}

export const handler = observedHandler('heartbeat', (event) => foldReadings((event as { Records?: DynamoDBRecord[] }).Records ?? []), (result) => (result.batchItemFailures.length ? 'retried' : 'folded'));
