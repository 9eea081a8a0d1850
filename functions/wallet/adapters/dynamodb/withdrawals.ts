import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from '@functions/platform/ports/transaction';
import type { PayoutClosing, PayoutStatus, WithdrawalLock, WithdrawalRecord, Withdrawals } from '../../ports/withdrawals';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';

const failedCondition = (error: unknown) => (error as Error).name === 'TransactionCanceledException' || (error as Error).name === 'ConditionalCheckFailedException';

/** Withdrawals (WITHDRAWAL#<id>) with their payout requests in GSI1, and each user's one withdrawal in progress (WITHDRAWING#<sub>). */
export class DynamoWithdrawals implements Withdrawals {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  creating(record: WithdrawalRecord): TransactionPart {
    return {
      writes: [
        { Put: { TableName: this.tableName, Item: { ...keys.withdrawal(record.id), ...record }, ConditionExpression: 'attribute_not_exists(PK)' } },
        {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.withdrawing(record.userId), withdrawalId: record.id, startedAt: record.createdAt } satisfies Record<string, unknown> & WithdrawalLock,
            ConditionExpression: 'attribute_not_exists(PK)',
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
        Key: keys.withdrawal(id),
        UpdateExpression: 'SET leaseUntil = :until',
        ConditionExpression: '#status = :processing AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':until': until, ':now': now, ':processing': 'processing' },
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
      Key: keys.withdrawal(id),
      UpdateExpression: 'REMOVE leaseUntil',
      ConditionExpression: 'leaseUntil = :until',
      ExpressionAttributeValues: { ':until': until },
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
            Key: keys.withdrawal(record.id),
            UpdateExpression: 'SET #status = :voided, voidedAt = :now',
            ConditionExpression: '#status = :processing AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':voided': 'voided', ':processing': 'processing', ':now': now },
          },
        },
        { Delete: { TableName: this.tableName, Key: keys.withdrawing(record.userId), ConditionExpression: 'withdrawalId = :id', ExpressionAttributeValues: { ':id': record.id } } },
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
        ConditionExpression: '#status = :processing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing' },
      }));
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
    // Frees the user for another withdrawal, unless a stale one was taken over meanwhile.
    await this.db.send(new DeleteCommand({
      TableName: this.tableName,
      Key: keys.withdrawing(record.userId),
      ConditionExpression: 'withdrawalId = :id',
      ExpressionAttributeValues: { ':id': id },
    })).catch((error: unknown) => {
      if (!failedCondition(error)) throw error;
    });
    return completed;
  }

  async markMailed(id: string, at: string, undo = false): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keys.withdrawal(id),
        UpdateExpression: undo ? 'REMOVE mailedAt' : 'SET mailedAt = :at',
        ConditionExpression: undo ? 'mailedAt = :at' : 'attribute_exists(PK) AND attribute_not_exists(mailedAt)',
        ExpressionAttributeValues: { ':at': at },
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
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.payoutsPartition(status) },
      ScanIndexForward: false,
      Limit: limit,
    }));
    return (Items ?? []).map((item) => withoutKeys<WithdrawalRecord>(item));
  }

  async resolvePayout(id: string, resolution: PayoutClosing): Promise<WithdrawalRecord | null> {
    const record = await this.get(id);
    if (!record || record.payoutStatus !== 'open') return null;
    const listed = keys.payoutCollection(resolution.status, resolution.at, id);
    const reference = resolution.transferReference;
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keys.withdrawal(id),
        UpdateExpression: `SET payoutStatus = :status, resolvedAt = :at, resolvedBy = :by, resolutionNote = :note, GSI1PK = :pk, GSI1SK = :sk${reference ? ', transferReference = :reference' : ''}`,
        ConditionExpression: 'payoutStatus = :open',
        ExpressionAttributeValues: {
          ':status': resolution.status, ':at': resolution.at, ':by': resolution.by, ':note': resolution.note, ':pk': listed.GSI1PK, ':sk': listed.GSI1SK, ':open': 'open',
          ...(reference ? { ':reference': reference } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<WithdrawalRecord>(Attributes) : null;
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
  }
}
