import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from '@functions/platform/ports/transaction';
import type { PayoutClosing, PayoutStatus, WithdrawalLock, WithdrawalRecord, Withdrawals } from '../../ports/withdrawals';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { entity, type Condition } from '@functions/platform/adapters/dynamodb/entity';

const failedCondition = (error: unknown) => (error as Error).name === 'TransactionCanceledException' || (error as Error).name === 'ConditionalCheckFailedException';

/** A withdrawal's item, its payout request filed in GSI1 by payout status. */
type WithdrawalItem = Pick<WithdrawalRecord, 'status' | 'leaseUntil' | 'mailedAt' | 'payoutStatus' | 'resolvedAt' | 'resolvedBy' | 'resolutionNote' | 'transferReference'> & { voidedAt: string; GSI1PK: string; GSI1SK: string };
const withdrawal = entity<WithdrawalItem>()(keys.withdrawal, { GSI1: keys.payoutCollection });
/** A user's one withdrawal in progress: taken once, freed only by the withdrawal that holds it. */
const withdrawalLock = entity<WithdrawalLock>()(keys.withdrawing);
/** Processing, and not leased to a worker (or its lease has run out). */
const unleased = (now: string): Condition<WithdrawalItem> => (c) => c.and(c.eq('status', 'processing'), c.or(c.notExists('leaseUntil'), c.lt('leaseUntil', now)));

/** Withdrawals (WITHDRAWAL#<id>) with their payout requests in GSI1, and each user's one withdrawal in progress (WITHDRAWING#<sub>). */
export class DynamoWithdrawals implements Withdrawals {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  creating(record: WithdrawalRecord): TransactionPart {
    return {
      writes: [
        { Put: { TableName: this.tableName, Item: { ...keys.withdrawal(record.id), ...record }, ...withdrawal.condition((c) => c.itemNotExists()) } },
        {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.withdrawing(record.userId), withdrawalId: record.id, startedAt: record.createdAt } satisfies Record<string, unknown> & WithdrawalLock,
            ...withdrawalLock.condition((c) => c.itemNotExists()),
          },
        },
      ],
    };
  }

  async lockOf(userId: string): Promise<WithdrawalLock | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.withdrawing(userId), ConsistentRead: true }));
    return Item ? { withdrawalId: Item.withdrawalId as string, startedAt: Item.startedAt as string } : null;
  }

  async lease(id: string, now: string, until: string): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...withdrawal.update([id], { set: { leaseUntil: until }, condition: unleased(now) }),
      }));
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  async unlease(id: string, until: string): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.tableName,
      ...withdrawal.update([id], { remove: ['leaseUntil'], condition: (c) => c.eq('leaseUntil', until) }),
    })).catch((error: unknown) => {
      if (!failedCondition(error)) throw error;
    });
  }

  voiding(record: WithdrawalRecord, now: string): TransactionPart {
    return {
      writes: [
        {
          Update: {
            TableName: this.tableName,
            ...withdrawal.update([record.id], { set: { status: 'voided', voidedAt: now }, condition: unleased(now) }),
          },
        },
        { Delete: { TableName: this.tableName, Key: keys.withdrawing(record.userId), ...withdrawalLock.condition((c) => c.eq('withdrawalId', record.id)) } },
      ],
    };
  }

  async voidEmpty(record: WithdrawalRecord, now: string): Promise<boolean> {
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: this.voiding(record, now).writes as TransactWriteCommandInput['TransactItems'] }));
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  async get(id: string): Promise<WithdrawalRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.withdrawal(id), ConsistentRead: true }));
    return Item ? withoutKeys<WithdrawalRecord>(Item) : null;
  }

  async many(ids: string[]): Promise<WithdrawalRecord[]> {
    const found: WithdrawalRecord[] = [];
    let request: Record<string, unknown>[] | undefined = [...new Set(ids)].map((id) => keys.withdrawal(id));
    // Unprocessed keys (throttling) are asked for again until none is left.
    while (request?.length) {
      const answer: BatchGetCommandOutput = await this.db.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: request } } }));
      found.push(...(answer.Responses?.[this.tableName] ?? []).map((item) => withoutKeys<WithdrawalRecord>(item)));
      request = answer.UnprocessedKeys?.[this.tableName]?.Keys;
    }
    return found;
  }

  async complete(id: string, outcome: Pick<WithdrawalRecord, 'refunds' | 'payout' | 'payoutStatus' | 'completedAt'>): Promise<WithdrawalRecord | null> {
    const record = await this.get(id);
    if (!record || record.status !== 'processing') return null;
    const listed = outcome.payoutStatus === 'none' ? {} : keys.payoutCollection(outcome.payoutStatus, record.createdAt, id);
    const completed: WithdrawalRecord = { ...record, ...outcome, status: 'completed' };
    try {
      await this.db.send(new PutCommand({
        TableName: this.tableName,
        Item: { ...keys.withdrawal(id), ...listed, ...completed },
        ...withdrawal.condition((c) => c.eq('status', 'processing')),
      }));
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
    // Frees the user for another withdrawal, unless a stale one was taken over meanwhile.
    await this.db.send(new DeleteCommand({
      TableName: this.tableName,
      Key: keys.withdrawing(record.userId),
      ...withdrawalLock.condition((c) => c.eq('withdrawalId', id)),
    })).catch((error: unknown) => {
      if (!failedCondition(error)) throw error;
    });
    return completed;
  }

  async markMailed(id: string, at: string, undo = false): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...(undo
          ? withdrawal.update([id], { remove: ['mailedAt'], condition: (c) => c.eq('mailedAt', at) })
          : withdrawal.update([id], { set: { mailedAt: at }, condition: (c) => c.and(c.itemExists(), c.notExists('mailedAt')) })),
      }));
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  async listPayouts(status: Exclude<PayoutStatus, 'none'>, limit: number): Promise<WithdrawalRecord[]> {
    const { Items } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...withdrawal.query('GSI1', keys.payoutsPartition(status)),
      ScanIndexForward: false,
      Limit: limit,
    }));
    return (Items ?? []).map((item) => withoutKeys<WithdrawalRecord>(item));
  }

  async resolvePayout(id: string, resolution: PayoutClosing): Promise<WithdrawalRecord | null> {
    const record = await this.get(id);
    if (!record || record.payoutStatus !== 'open') return null;
    const reference = resolution.transferReference;
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...withdrawal.update([id], {
          set: {
            payoutStatus: resolution.status, resolvedAt: resolution.at, resolvedBy: resolution.by, resolutionNote: resolution.note,
            ...withdrawal.indexes.GSI1(resolution.status, resolution.at, id), ...(reference ? { transferReference: reference } : {}),
          },
          condition: (c) => c.eq('payoutStatus', 'open'),
        }),
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<WithdrawalRecord>(Attributes) : null;
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
  }
}
