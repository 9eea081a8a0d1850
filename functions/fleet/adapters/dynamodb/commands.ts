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
import { entity } from '@functions/platform/adapters/dynamodb/entity';
import type { MachineRecord } from '@functions/stations/ports/machines';

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
/** An execution that has not ended. */
const OPEN: CommandExecution['status'][] = ['queued', 'in_progress'];

/** The counters of a command are top-level numbers so that a result can ADD to them. */
type StoredCommand = Omit<CommandRecord, 'counts'> & { succeeded: number; failed: number; canceled: number };

const commandItem = entity<Pick<StoredCommand, 'status' | 'step' | 'finishedAt' | 'history' | 'succeeded' | 'failed' | 'canceled'>>()(keys.command, { GSI1: keys.commandCollection });
const execution = entity<CommandExecution>()(keys.commandExecution);
/** What a setPrice command's success writes on its station. */
const stationPrice = entity<Pick<MachineRecord, 'pricePerLitre' | 'updatedAt'>>()(keys.machine);

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
      Item: { ...commandItem.key(command.id), ...commandItem.indexes.GSI1(command.createdAt, command.id), ...rest, ...counts },
      ...commandItem.condition((c) => c.itemNotExists()),
    }));
  }

  async get(id: string): Promise<CommandRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.command(id), ConsistentRead: true }));
    return Item ? toRecord(Item) : null;
  }

  async list(page: { limit: number; cursor?: string | undefined }) {
    const result = await this.db.send(new QueryCommand({
      TableName: this.tableName, ...commandItem.query('GSI1', keys.commandsPartition), ScanIndexForward: false, Limit: page.limit, ExclusiveStartKey: decodeCursor(page.cursor),
    }));
    return { items: (result.Items ?? []).map(toRecord), nextCursor: encodeCursor(result.LastEvaluatedKey) };
  }

  async executions(id: string): Promise<CommandExecution[]> {
    const items = await queryAll(this.db, new QueryCommand({
      TableName: this.tableName, ...execution.query('table', keys.command(id).PK, { sort: { beginsWith: keys.commandExecutionPrefix } }), ConsistentRead: true,
    }));
    return items.map((item) => withoutKeys<CommandExecution>(item)).sort((a, b) => a.step - b.step || (a.stationId < b.stationId ? -1 : 1));
  }

  async progress(id: string, stationId: string, progress: number, at: string): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...execution.update([id, stationId], {
          set: { status: 'in_progress', progress, updatedAt: at },
          condition: (c) => c.and(c.in('status', OPEN), c.or(c.isNull('progress'), c.le('progress', progress))),
        }),
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
          TableName: this.tableName,
          ...execution.update([id, stationId], {
            set: { status: end.status, reason: end.reason, updatedAt: end.at, ...(end.status === 'succeeded' ? { progress: 100 } : {}) },
            condition: (c) => c.in('status', OPEN),
          }),
        },
      },
      { Update: { TableName: this.tableName, ...commandItem.update([id], { add: { [counter]: 1 }, condition: (c) => c.itemExists() }) } },
      ...(machine ? [{
        Update: { TableName: this.tableName, ...stationPrice.update([stationId], { set: { pricePerLitre: machine.pricePerLitre, updatedAt: end.at }, condition: (c) => c.itemExists() }) },
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
    const update = commandItem.update([id], {
      set: {
        ...(change.step !== undefined ? { step: change.step } : {}),
        ...(change.status !== undefined ? { status: change.status } : {}),
        ...(change.finishedAt !== undefined ? { finishedAt: change.finishedAt } : {}),
      },
      append: { history: [change.event] },
      condition: (c) => c.and(c.eq('status', 'in_progress'), c.eq('step', fromStep)),
    });
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({ TableName: this.tableName, ...update, ReturnValues: 'ALL_NEW' }));
      return Attributes ? toRecord(Attributes) : null;
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
  }
}
