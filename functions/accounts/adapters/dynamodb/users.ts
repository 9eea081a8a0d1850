import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProfileGaps, UserRecord, Users } from '../../ports/users';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { entity } from '@functions/platform/adapters/dynamodb/entity';
import { randomStatsShard, statsShard } from '@functions/platform/adapters/dynamodb/stats';

/** A user's profile item; the balance and version are the ledger's (functions/wallet/adapters/dynamodb/ledger.ts). */
const profile = entity<Pick<UserRecord, 'username' | 'email' | 'firstName' | 'lastName' | 'updatedAt'>>()(keys.user, { GSI1: keys.userCollection });

const toUser = (item: Record<string, unknown>) => {
  const { version: _v, ...user } = withoutKeys<UserRecord & { version?: number }>(item);
  return user as UserRecord;
};

export class DynamoUsers implements Users {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async get(id: string): Promise<UserRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.user(id), ConsistentRead: true }));
    return Item ? toUser(Item) : null;
  }

  async ensure(user: Pick<UserRecord, 'id' | 'username' | 'firstName' | 'lastName' | 'email'>, now: string): Promise<UserRecord> {
    // Most calls find the user (every NFC token asks): a read costs less than a refused write.
    const existing = await this.get(user.id);
    if (existing) return existing;
    const record: UserRecord = { ...user, profileImageUrl: null, balance: 0, dispensedMl: 0, createdAt: now, updatedAt: now };
    for (let attempt = 0; ; attempt++) {
      try {
        // The new account counts in the running totals of the summary cards (one shard, at random).
        await this.db.send(new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: { ...profile.key(user.id), ...profile.indexes.GSI1(now, user.id), ...record, version: 0 }, ...profile.condition((c) => c.itemNotExists()) } },
            { Update: { TableName: this.tableName, ...statsShard.update([randomStatsShard()], { add: { users: 1 } }) } },
          ],
        }));
        return record;
      } catch (error) {
        if ((error as Error).name !== 'TransactionCanceledException') throw error;
        const created = await this.get(user.id);
        if (created) return created;
        // Not there and not written: another transaction held the totals shard; try again.
        if (attempt >= 5) throw error;
      }
    }
  }

  async ensureGuestAccount(id: string, now: string): Promise<void> {
    const record: UserRecord = { id, username: id, firstName: null, lastName: null, email: null, profileImageUrl: null, balance: 0, dispensedMl: 0, createdAt: now, updatedAt: now };
    try {
      await this.db.send(new PutCommand({ TableName: this.tableName, Item: { ...profile.key(id), ...record, guest: true, version: 0 }, ...profile.condition((c) => c.itemNotExists()) }));
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  async list(options: { limit: number; cursor?: string }) {
    const page = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...profile.query('GSI1', keys.usersPartition),
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: decodeCursor(options.cursor),
    }));
    return { items: (page.Items ?? []).map(toUser), nextCursor: encodeCursor(page.LastEvaluatedKey) };
  }

  async fillIn(id: string, fields: ProfileGaps, expectedUsername: string, now: string): Promise<UserRecord | null> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...profile.update([id], { set: { ...fields, updatedAt: now }, condition: (c) => c.and(c.itemExists(), c.eq('username', expectedUsername)) }),
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? toUser(Attributes) : null;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  }

  async rename(id: string, username: string, now: string): Promise<UserRecord | null> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...profile.update([id], { set: { username, updatedAt: now }, condition: (c) => c.itemExists() }),
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? toUser(Attributes) : null;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  }
}
