import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PayoutStatus, WithdrawalRecord, Withdrawals } from '../../ports/withdrawals';
import { keys, withoutKeys } from './keys';

const failedCondition = (error: unknown) => (error as Error).name === 'TransactionCanceledException' || (error as Error).name === 'ConditionalCheckFailedException';

/** Withdrawals (WITHDRAWAL#<id>) with their payout requests in GSI1, and each user's one withdrawal in progress (WITHDRAWING#<sub>). */
export class DynamoWithdrawals implements Withdrawals {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async create(record: WithdrawalRecord, staleAfterMs: number) {
    const staleBefore = new Date(Date.parse(record.createdAt) - staleAfterMs).toISOString();
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.tableName, Item: { ...keys.withdrawal(record.id), ...record }, ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Put: {
              TableName: this.tableName,
              Item: { ...keys.withdrawing(record.userId), withdrawalId: record.id, startedAt: record.createdAt },
              ConditionExpression: 'attribute_not_exists(PK) OR startedAt < :stale',
              ExpressionAttributeValues: { ':stale': staleBefore },
            },
          },
        ],
      }));
      return { created: true as const, record };
    } catch (error) {
      if (!failedCondition(error)) throw error;
      const existing = await this.get(record.id);
      return { created: false as const, record: existing, busy: !existing };
    }
  }

  async get(id: string): Promise<WithdrawalRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.withdrawal(id), ConsistentRead: true }));
    return Item ? withoutKeys<WithdrawalRecord>(Item) : null;
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

  async resolvePayout(id: string, resolution: { status: 'paid' | 'returned'; by: string; note: string; at: string }): Promise<WithdrawalRecord | null> {
    const record = await this.get(id);
    if (!record || record.payoutStatus !== 'open') return null;
    const listed = keys.payoutCollection(resolution.status, resolution.at, id);
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keys.withdrawal(id),
        UpdateExpression: 'SET payoutStatus = :status, resolvedAt = :at, resolvedBy = :by, resolutionNote = :note, GSI1PK = :pk, GSI1SK = :sk',
        ConditionExpression: 'payoutStatus = :open',
        ExpressionAttributeValues: { ':status': resolution.status, ':at': resolution.at, ':by': resolution.by, ':note': resolution.note, ':pk': listed.GSI1PK, ':sk': listed.GSI1SK, ':open': 'open' },
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<WithdrawalRecord>(Attributes) : null;
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
  }
}
