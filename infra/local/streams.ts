import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { withoutLogFilter } from '@functions/platform/adapters/dynamodb/client';

/** What Lambda's event source mapping is told in the stations construct; the same numbers here. */
export interface StreamMappingOptions {
  batchSize: number;
  /** Retries of a failing batch before its records go to the failure destination. */
  retryAttempts: number;
}

export interface LocalStreamConsumer {
  stats: { batches: number; records: number; retries: number; deadLettered: number };
  /** Resolves once every record written so far has been handed to the function and the function has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
const SHARD_LOOKUP_MS = 5_000;

/**
 * The local stand-in for a Lambda event source mapping on the table's stream: DynamoDB Local's own stream (the same
 * Streams API), polled every `pollMs`, its records filtered as the mapping's filter criteria filter them, handed to the
 * function in batches of the Lambda event's shape, with partial batch failures retried from the first failed record
 * and, after the retries, sent to the failure destination.
 */
export async function startStreamConsumer(options: {
  endpoint: string;
  tableName: string;
  region: string;
  mapping: StreamMappingOptions;
  filter: (record: DynamoDBRecord) => boolean;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
  onFailure: (records: DynamoDBRecord[], error: string) => void;
  pollMs?: number;
}): Promise<LocalStreamConsumer> {
  const config = { endpoint: options.endpoint, region: options.region, credentials: LOCAL_CREDENTIALS };
  const dynamo = new DynamoDBClient(config);
  const streams = withoutLogFilter(new DynamoDBStreamsClient(config));
  const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  dynamo.destroy();
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${options.tableName} has no stream`);
  const stats = { batches: 0, records: 0, retries: 0, deadLettered: 0 };
  /** Open shards and where to read next; shards seen at start are read from now on, later ones from their start. */
  const iterators = new Map<string, string>();
  const closed = new Set<string>();
  let started = false;
  /** Shards are looked up at start, when one closes, and every SHARD_LOOKUP_MS (not on every poll). */
  let lookedUpAt = 0;

  const discoverShards = async () => {
    let exclusiveStartShardId: string | undefined;
    do {
      const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }));
      for (const shard of described.StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (iterators.has(id) || closed.has(id)) continue;
        const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: started ? 'TRIM_HORIZON' : 'LATEST' }));
        if (ShardIterator) iterators.set(id, ShardIterator);
      }
      exclusiveStartShardId = described.StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    started = true;
    lookedUpAt = Date.now();
  };

  const deliver = async (records: DynamoDBRecord[]) => {
    for (let offset = 0; offset < records.length; offset += options.mapping.batchSize) {
      let batch = records.slice(offset, offset + options.mapping.batchSize);
      for (let attempt = 0; batch.length; attempt++) {
        stats.batches++;
        let failedFrom: string | undefined;
        let error = '';
        try {
          const response = await options.handler({ Records: batch });
          failedFrom = response?.batchItemFailures.map((f) => f.itemIdentifier).sort(bySequence)[0];
          if (failedFrom !== undefined) error = 'reported batch item failures';
        } catch (thrown) {
          failedFrom = batch[0]!.dynamodb!.SequenceNumber!;
          error = (thrown as Error).message;
        }
        if (failedFrom === undefined) break;
        const from = batch.findIndex((r) => r.dynamodb!.SequenceNumber === failedFrom);
        batch = batch.slice(Math.max(0, from));
        if (attempt >= options.mapping.retryAttempts) {
          stats.deadLettered += batch.length;
          options.onFailure(batch, error);
          break;
        }
        stats.retries++;
      }
    }
  };

  /** One pass over every shard; the number of records read. */
  const pollOnce = async (): Promise<number> => {
    if (!started || Date.now() - lookedUpAt > SHARD_LOOKUP_MS) await discoverShards();
    let read = 0;
    for (const [shardId, iterator] of [...iterators]) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      if (page.NextShardIterator) iterators.set(shardId, page.NextShardIterator);
      else {
        iterators.delete(shardId);
        closed.add(shardId);
        lookedUpAt = 0;
      }
      const records = (page.Records ?? []).map((r) => lambdaRecord(r, streamArn, options.region));
      read += records.length;
      stats.records += records.length;
      const matching = records.filter(options.filter);
      if (matching.length) await deliver(matching);
    }
    return read;
  };

  // One poll at a time: the background loop and idle() take turns.
  let turn: Promise<number> = pollOnce();
  let stopped = false;
  const next = () => (turn = turn.catch(() => 0).then(pollOnce));
  const loop = (async () => {
    while (!stopped) {
      await next().catch((error: unknown) => console.error('local stream consumer:', error));
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
    }
  })();

  return {
    stats,
    idle: async () => {
      while ((await next()) > 0);
    },
    stop: async () => {
      stopped = true;
      await loop;
      streams.destroy();
    },
  };
}

const bySequence = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

type Change = NonNullable<DynamoDBRecord['dynamodb']>;

/** A Streams API record in the shape Lambda hands to a function. */
function lambdaRecord(record: StreamRecord, eventSourceARN: string, awsRegion: string): DynamoDBRecord {
  const change = record.dynamodb!;
  return {
    eventID: record.eventID!,
    eventName: record.eventName!,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion,
    eventSourceARN,
    dynamodb: {
      ...(change.ApproximateCreationDateTime ? { ApproximateCreationDateTime: change.ApproximateCreationDateTime.getTime() / 1000 } : {}),
      Keys: change.Keys as Change['Keys'],
      ...(change.NewImage ? { NewImage: change.NewImage as Change['NewImage'] } : {}),
      ...(change.OldImage ? { OldImage: change.OldImage as Change['OldImage'] } : {}),
      SequenceNumber: change.SequenceNumber!,
      SizeBytes: change.SizeBytes!,
      StreamViewType: change.StreamViewType as Change['StreamViewType'],
    },
  };
}
