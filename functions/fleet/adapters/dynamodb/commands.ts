import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { CommandExecution } from '@shared/schemas/command';
import type { CommandAdvance, CommandRecord, Commands, ExecutionEnd } from '../../ports/commands';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor, queryAll } from '@functions/platform/adapters/dynamodb/query';

const failedCondition = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';
/** A transaction refused because another one held the command item at that moment (many stations end together). */
const conflicted = (error: unknown) =>
  (error as Error).name === 'TransactionConflictException'
  || ((error as Error).name === 'TransactionCanceledException' && ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'));
const executionFailed = (error: unknown) =>
  (error as Error).name === 'TransactionCanceledException' && (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';

/** Tries of ending an execution while other stations' results hold the command item. */
const FINISH_TRIES = 12;
const BATCH = 25;
const OPEN = [':queued', ':inProgress'] as const;

/** The counters of a command are top-level numbers so that a result can ADD to them. */
type StoredCommand = Omit<CommandRecord, 'counts'> & { succeeded: number; failed: number; canceled: number };

const toRecord = (item: Record<string, unknown>): CommandRecord => {
  const { succeeded, failed, canceled, ...rest } = withoutKeys<StoredCommand>(item);
  return { ...rest, counts: { succeeded, failed, canceled } };
};

/** Commands and their executions (keys.ts has the access patterns). */
export class DynamoCommands implements Commands {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async create(command: CommandRecord, executions: CommandExecution[]): Promise<void> {
    // Executions first: a command is listed only once every station's execution exists.
    for (let i = 0; i < executions.length; i += BATCH) {
      let requests = executions.slice(i, i + BATCH).map((e) => ({ PutRequest: { Item: { ...keys.commandExecution(command.id, e.stationId), ...e } } }));
      for (let attempt = 0; requests.length; attempt++) {
        const { UnprocessedItems } = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: requests } }));
        requests = (UnprocessedItems?.[this.tableName] ?? []) as typeof requests;
        if (requests.length) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      }
    }
    const { counts, ...rest } = command;
    await this.db.send(new PutCommand({
      TableName: this.tableName,
      Item: { ...keys.command(command.id), ...keys.commandCollection(command.createdAt, command.id), ...rest, ...counts },
      ConditionExpression: 'attribute_not_exists(PK)',
    }));
  }

  async get(id: string): Promise<CommandRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.command(id), ConsistentRead: true }));
    return Item ? toRecord(Item) : null;
  }

  async list(page: { limit: number; cursor?: string | undefined }) {
    const result = await this.db.send(new QueryCommand({
      TableName: this.tableName, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.commandsPartition }, ScanIndexForward: false, Limit: page.limit, ExclusiveStartKey: decodeCursor(page.cursor),
    }));
    return { items: (result.Items ?? []).map(toRecord), nextCursor: encodeCursor(result.LastEvaluatedKey) };
  }

  async executions(id: string): Promise<CommandExecution[]> {
    const items = await queryAll(this.db, new QueryCommand({
      TableName: this.tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :exec)', ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': keys.command(id).PK, ':exec': keys.commandExecutionPrefix },
    }));
    return items.map((item) => withoutKeys<CommandExecution>(item)).sort((a, b) => a.step - b.step || (a.stationId < b.stationId ? -1 : 1));
  }

  async progress(id: string, stationId: string, progress: number, at: string): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName, Key: keys.commandExecution(id, stationId),
        UpdateExpression: 'SET #status = :inProgress, progress = :p, updatedAt = :at',
        ConditionExpression: `#status IN (${OPEN.join(', ')}) AND (attribute_type(progress, :null) OR progress <= :p)`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':inProgress': 'in_progress', ':queued': 'queued', ':p': progress, ':at': at, ':null': 'NULL' },
      }));
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  async finish(id: string, stationId: string, end: ExecutionEnd, machine?: { pricePerLitre: number }): Promise<boolean> {
    const counter = end.status === 'succeeded' ? 'succeeded' : end.status === 'canceled' ? 'canceled' : 'failed';
    const items: TransactWriteCommandInput['TransactItems'] = [
      {
        Update: {
          TableName: this.tableName, Key: keys.commandExecution(id, stationId),
          UpdateExpression: `SET #status = :end, reason = :reason, updatedAt = :at${end.status === 'succeeded' ? ', progress = :done' : ''}`,
          ConditionExpression: `#status IN (${OPEN.join(', ')})`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':end': end.status, ':reason': end.reason, ':at': end.at, ':queued': 'queued', ':inProgress': 'in_progress', ...(end.status === 'succeeded' ? { ':done': 100 } : {}) },
        },
      },
      {
        Update: {
          TableName: this.tableName, Key: keys.command(id), UpdateExpression: 'ADD #counter :one', ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#counter': counter }, ExpressionAttributeValues: { ':one': 1 },
        },
      },
      ...(machine ? [{
        Update: {
          TableName: this.tableName, Key: keys.machine(stationId), UpdateExpression: 'SET pricePerLitre = :price, updatedAt = :at',
          ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':price': machine.pricePerLitre, ':at': end.at },
        },
      }] : []),
    ];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.db.send(new TransactWriteCommand({ TransactItems: items }));
        return true;
      } catch (error) {
        if (executionFailed(error)) return false;
        if (!conflicted(error) || attempt + 1 >= FINISH_TRIES) throw error;
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(2000, 25 * 2 ** attempt)));
      }
    }
  }

  async advance(id: string, fromStep: number, change: CommandAdvance): Promise<CommandRecord | null> {
    const sets = ['history = list_append(history, :event)'];
    const values: Record<string, unknown> = { ':event': [change.event], ':from': fromStep, ':inProgress': 'in_progress' };
    if (change.step !== undefined) (sets.push('step = :step'), (values[':step'] = change.step));
    if (change.status !== undefined) (sets.push('#status = :status'), (values[':status'] = change.status));
    if (change.finishedAt !== undefined) (sets.push('finishedAt = :finishedAt'), (values[':finishedAt'] = change.finishedAt));
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName, Key: keys.command(id), UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: '#status = :inProgress AND step = :from',
        ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? toRecord(Attributes) : null;
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
  }
}
