import { HEARTBEAT_STREAM_MAPPING } from '@functions/fleet/adapters/iot/heartbeat-ingest';

/**
 * The cost model of docs/cost.md, computed from measured per-operation counts and AWS list prices
 * (us-east-1 list prices, USD, as published in 2025; ap-southeast regions are 10-25% higher).
 */
export const PRICES = {
  lambdaGbSecondArm: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  httpApiRequest: 1.0 / 1e6,
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  iotMessage: 1.0 / 1e6,
  iotConnectionMinute: 0.08 / 1e6,
  iotRuleTriggered: 0.15 / 1e6,
  iotRuleAction: 0.15 / 1e6,
  cognitoMauAboveFree: 0.015,
  cognitoFreeMau: 10_000,
  cloudFrontGbAsia: 0.12,
  cloudFrontHttpsRequest: 0.012 / 10_000,
} as const;

export interface MeasuredCounts {
  /** DynamoDB units per vend (request + complete), per heartbeat, per app home load. */
  vendWrite: number;
  vendRead: number;
  heartbeatWrite: number;
  heartbeatRead: number;
  /** Heartbeats one station sends a day on the simulator's cadence (on change, and at least every interval). */
  heartbeatsPerStationDay: number;
  pageWrite: number;
  pageRead: number;
  /** Lambda billed duration assumptions (ms) and memory (MB), from the bench's warm handler timings. */
  handlerMs: number;
  memoryMb: number;
  /**
   * The stream function's time per reading: one batch of readings from different stations (folded in parallel, as
   * the function does), its duration divided by its readings.
   */
  foldMsPerReading: number;
}

const lambda = (invocations: number, ms: number, mb: number) =>
  invocations * (PRICES.lambdaRequest + (Math.max(1, Math.ceil(ms)) / 1000) * (mb / 1024) * PRICES.lambdaGbSecondArm);

/** Per 1,000 vends: 3 MQTT messages (request, authorized, complete), 2 rules, 2 functions, measured table units. */
export function per1000Vends(m: MeasuredCounts) {
  const n = 1000;
  return {
    iot: n * (3 * PRICES.iotMessage + 2 * (PRICES.iotRuleTriggered + PRICES.iotRuleAction)),
    lambda: lambda(2 * n, m.handlerMs, m.memoryMb),
    dynamodb: n * (m.vendWrite * PRICES.dynamoWriteUnit + m.vendRead * PRICES.dynamoReadUnit),
  };
}

/**
 * Per station-month of heartbeats, always connected, in a fleet of `stations`: Basic Ingest (no messaging charge) to a
 * rule whose DynamoDB action writes the reading (one rule, one action), and the table's stream folding readings into
 * the stations in batches (one invocation per batch: the batch fills up to its size within the batching window).
 */
export function perStationMonth(m: MeasuredCounts, stations: number) {
  const beats = 30 * m.heartbeatsPerStationDay;
  const perSecond = (stations * m.heartbeatsPerStationDay) / 86_400;
  const batch = Math.max(1, Math.min(HEARTBEAT_STREAM_MAPPING.batchSize, perSecond * HEARTBEAT_STREAM_MAPPING.maxBatchingWindowSeconds));
  return {
    iot: beats * (PRICES.iotRuleTriggered + PRICES.iotRuleAction) + 30 * 24 * 60 * PRICES.iotConnectionMinute,
    lambda: lambda(beats / batch, batch * m.foldMsPerReading, m.memoryMb),
    dynamodb: beats * (m.heartbeatWrite * PRICES.dynamoWriteUnit + m.heartbeatRead * PRICES.dynamoReadUnit),
  };
}

/**
 * What it replaced, for the side-by-side figure: a heartbeat every 60 s through the message broker, a Lambda per
 * heartbeat, and 2 write units each (the machine item and its index copy; the reading on top since issue 16: 3).
 */
export function perStationMonthBefore(m: MeasuredCounts) {
  const beats = 30 * 1440;
  return {
    iot: beats * (PRICES.iotMessage + PRICES.iotRuleTriggered + PRICES.iotRuleAction) + 30 * 24 * 60 * PRICES.iotConnectionMinute,
    lambda: lambda(beats, m.handlerMs, m.memoryMb),
    dynamodb: beats * 3 * PRICES.dynamoWriteUnit,
  };
}

/** Per 10,000 monthly active users opening the app 20 times a month (4 API calls per home load). */
export function per10kUsers(m: MeasuredCounts, opensPerMonth = 20) {
  const loads = 10_000 * opensPerMonth;
  const calls = loads * 4;
  return {
    api: calls * PRICES.httpApiRequest,
    lambda: lambda(calls, m.handlerMs, m.memoryMb),
    dynamodb: loads * (m.pageWrite * PRICES.dynamoWriteUnit + m.pageRead * PRICES.dynamoReadUnit),
    cognito: 0, // the first 10,000 MAU are free on the Essentials tier
    cloudFront: loads * (0.3 / 1024) * PRICES.cloudFrontGbAsia + loads * 10 * PRICES.cloudFrontHttpsRequest,
  };
}

export const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
const usd = (v: number) => (v < 1 ? `$${v.toFixed(4)}` : `$${v.toLocaleString('en-US', { maximumFractionDigits: 0 })}`);

/** Markdown tables of the model at 1,000, 10,000 and 100,000 stations. */
export function costTables(m: MeasuredCounts): string {
  const vends = per1000Vends(m);
  const station = perStationMonth(m, 1_000);
  const users = per10kUsers(m);
  const lines = [
    '| unit | IoT Core | Lambda | DynamoDB | other | total |',
    '|---|---|---|---|---|---|',
    `| per 1,000 vends | ${usd(vends.iot)} | ${usd(vends.lambda)} | ${usd(vends.dynamodb)} | | ${usd(sum(vends))} |`,
    `| per station-month of heartbeats (1,000 stations) | ${usd(station.iot)} | ${usd(station.lambda)} | ${usd(station.dynamodb)} | | ${usd(sum(station))} |`,
    `| per 10,000 MAU (20 app opens each) | | ${usd(users.lambda)} | ${usd(users.dynamodb)} | API ${usd(users.api)}, CloudFront ${usd(users.cloudFront)} | ${usd(sum(users))} |`,
    '',
    '| fleet | stations | vends/month (30 per station-day) | heartbeats | vends | users (MAU) | total/month |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [stations, mau] of [[1_000, 50_000], [10_000, 500_000], [100_000, 5_000_000]] as const) {
    const vendsPerMonth = stations * 30 * 30;
    const heartbeatCost = stations * sum(perStationMonth(m, stations));
    const vendCost = (vendsPerMonth / 1000) * sum(vends);
    const userCost = (mau / 10_000) * sum(users) + Math.max(0, mau - PRICES.cognitoFreeMau) * PRICES.cognitoMauAboveFree;
    lines.push(`| ${stations.toLocaleString('en-US')} stations | ${stations.toLocaleString('en-US')} | ${vendsPerMonth.toLocaleString('en-US')} | ${usd(heartbeatCost)} | ${usd(vendCost)} | ${usd(userCost)} (${mau.toLocaleString('en-US')}) | ${usd(heartbeatCost + vendCost + userCost)} |`);
  }
  return lines.join('\n');
}
