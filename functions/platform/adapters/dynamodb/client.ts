import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsRegion } from '../../environment';

export interface DynamoConfig {
  tableName: string;
  /**
   * DynamoDB Local, for local tools and tests that hold their own client. Functions never set it: they reach
   * DynamoDB Local through the SDK's standard AWS_ENDPOINT_URL_DYNAMODB, which the local cloud sets.
   */
  endpoint?: string;
  region?: string;
}

/**
 * Read and write capacity units consumed, summed over every client, while `enabled` (the benchmarks turn
 * it on to report units per vend, per heartbeat and per app page; off, it costs one property check).
 */
export const capacityMeter = { enabled: false, read: 0, write: 0 };

/**
 * Start and end (performance.now()) of every call, over every client, while `recording`: the benchmarks use it to
 * split a round trip into time spent in DynamoDB calls and the rest (off, it costs one property check).
 */
export const callTimeline = { recording: false, spans: [] as [number, number][] };

interface Capacity { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number }
function meter(output: Record<string, unknown>, command: string) {
  const consumed = output.ConsumedCapacity as Capacity | Capacity[] | undefined;
  for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
    const writes = /Put|Update|Delete|TransactWrite|BatchWrite/.test(command);
    capacityMeter.read += c.ReadCapacityUnits ?? (writes ? 0 : c.CapacityUnits ?? 0);
    capacityMeter.write += c.WriteCapacityUnits ?? (writes ? c.CapacityUnits ?? 0 : 0);
  }
}

/**
 * Takes the SDK's logger middleware out of a client that never sets a logger: it copies every input and output
 * through the operation's schema to mask sensitive fields even with no logger to write them to. A stream's
 * GetRecords page, copied item by item, cost the local cloud about 2.7 ms of CPU per vend (docs/scale.md).
 */
export function withoutLogFilter<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

export function createDocumentClient(config: DynamoConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.region ?? awsRegion(),
    ...(config.endpoint
      ? { endpoint: config.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 }
      : {}),
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!capacityMeter.enabled && !callTimeline.recording) return next(args);
      if (capacityMeter.enabled) (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const started = performance.now();
      try {
        const result = await next(args);
        if (capacityMeter.enabled) meter(result.output as unknown as Record<string, unknown>, context.commandName ?? '');
        return result;
      } finally {
        if (callTimeline.recording) callTimeline.spans.push([started, performance.now()]);
      }
    },
    { step: 'initialize', name: 'benchMeters' },
  );
  withoutLogFilter(client);
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
