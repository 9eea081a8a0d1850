import { TELEMETRY_RETENTION_DAYS } from '@shared/schemas/telemetry';
import { keys } from '@functions/platform/adapters/dynamodb/keys';

/**
 * Heartbeats without a Lambda per message (docs/stations.md, Heartbeats): a station publishes through Basic Ingest to
 * the heartbeat rule, whose DynamoDB action writes the reading as an item of the station's history; the table's
 * stream hands new readings, in batches, to the heartbeat function, which folds the newest into the machine item.
 *
 * The rule's SQL and its local twin `ingestedItem` are kept side by side so that they stay one definition
 * (heartbeat-ingest.test.ts compares their attribute lists).
 */
const ISO_TIME = "parse_time(\"yyyy-MM-dd'T'HH:mm:ss.SSS'Z'\", timestamp())";
const RETENTION_SECONDS = TELEMETRY_RETENTION_DAYS * 86_400;
const READING_PREFIX = keys.telemetryReading('', '').SK;
const MACHINE_PREFIX = keys.machine('').PK;

/**
 * What the rule writes: the reading's keys (by the rules engine's receive time, which orders heartbeats, never the
 * station's clock), its TTL, the flat readings the charts query, and the rest of the heartbeat for the fold.
 * The WHERE drops payloads of the wrong shape before they cost a write; ranges are checked by the function.
 */
export const HEARTBEAT_INGEST_SQL = [
  'SELECT',
  `concat('${MACHINE_PREFIX}', topic(2)) AS PK, concat('${READING_PREFIX}', ${ISO_TIME}) AS SK, ${ISO_TIME} AS at,`,
  `floor(timestamp() / 1000) + ${RETENTION_SECONDS} AS ttl, topic(2) AS stationId, timestamp() AS receivedAt,`,
  'waterLevel, quality.tdsPpm AS tdsPpm, quality.temperatureC AS temperatureC, counters.dispensedMl AS dispensedMl,',
  'counters.vends AS vends, counters.failures AS failures, signalDbm, quality, counters, filter, firmwareVersion, lastRefill',
  "FROM 'stations/+/heartbeat'",
  'WHERE isNumber(waterLevel) AND isNumber(quality.tdsPpm) AND isNumber(quality.temperatureC) AND isNumber(counters.dispensedMl) AND isNumber(counters.vends) AND isString(firmwareVersion)',
].join(' ');

type Payload = Record<string, unknown>;
const field = (value: unknown, name: string): unknown => (value && typeof value === 'object' ? (value as Payload)[name] : undefined);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** As IoT SQL does, an attribute whose value is undefined is left out. */
const defined = (item: Payload): Payload => Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));

/**
 * The local broker's rules engine for the heartbeat rule: the item the SQL above yields for `payload` received on
 * stations/<stationId>/heartbeat at `receivedAt` (ms), or null where its WHERE is false.
 */
export function ingestedItem(payload: Payload, stationId: string, receivedAt: number): Payload | null {
  const { quality, counters } = payload;
  const matches = isNumber(payload.waterLevel) && isNumber(field(quality, 'tdsPpm')) && isNumber(field(quality, 'temperatureC'))
    && isNumber(field(counters, 'dispensedMl')) && isNumber(field(counters, 'vends')) && typeof payload.firmwareVersion === 'string';
  if (!matches) return null;
  const at = new Date(receivedAt).toISOString();
  return defined({
    ...keys.telemetryReading(stationId, at), at, ttl: Math.floor(receivedAt / 1000) + RETENTION_SECONDS, stationId, receivedAt,
    waterLevel: payload.waterLevel, tdsPpm: field(quality, 'tdsPpm'), temperatureC: field(quality, 'temperatureC'), dispensedMl: field(counters, 'dispensedMl'),
    vends: field(counters, 'vends'), failures: field(counters, 'failures'), signalDbm: payload.signalDbm, quality, counters, filter: payload.filter,
    firmwareVersion: payload.firmwareVersion, lastRefill: payload.lastRefill,
  });
}

/**
 * The stream records the heartbeat function gets: new readings only. CDK gives Lambda this as its event filter (so
 * other writes to the table are not billed invocations); the local stream poller applies `isIngestedReading`.
 */
/** Lambda's event source mapping on the stream, read by the stations construct and the local stream poller. */
export const HEARTBEAT_STREAM_MAPPING = {
  /** Up to this many readings per invocation; a batch waits at most the window to fill (one invocation per 100 heartbeats at scale). */
  batchSize: 100,
  maxBatchingWindowSeconds: 5,
  /** Then the failing records go to the asynchronous failures queue, where the dead-letter alert sees them. */
  retryAttempts: 3,
} as const;

export const HEARTBEAT_STREAM_FILTER = {
  eventName: ['INSERT'],
  // Written by the rule (it carries the station id); readings written otherwise (seeds, imports) are already as they should be.
  dynamodb: { Keys: { SK: { S: [{ prefix: READING_PREFIX }] } }, NewImage: { stationId: { S: [{ exists: true }] } } },
} as const;

export function isIngestedReading(record: { eventName?: string; dynamodb?: { Keys?: Record<string, { S?: string }>; NewImage?: Record<string, { S?: string }> } }): boolean {
  return record.eventName === 'INSERT' && (record.dynamodb?.Keys?.SK?.S ?? '').startsWith(READING_PREFIX) && record.dynamodb?.NewImage?.stationId?.S !== undefined;
}

/** The heartbeat a reading item was written from: what the domain's recordHeartbeat validates and applies. */
export function heartbeatOf(item: Payload): Payload {
  const { stationId, receivedAt, waterLevel, quality, counters, filter, firmwareVersion, lastRefill, signalDbm } = item;
  return defined({ stationId, receivedAt, waterLevel, quality, counters, filter, firmwareVersion, lastRefill, signalDbm });
}
