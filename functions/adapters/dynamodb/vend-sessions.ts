import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from '../../ports/transaction';
import type { SessionOutcome, UsedToken, VendSession, VendSessions } from '../../ports/vend-sessions';
import { keys, withoutKeys } from './keys';

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Extra life of a used-token record past the token's expiry, then DynamoDB's TTL deletes it. */
const USED_TOKEN_RETENTION_SECONDS = 3600;

/**
 * Vend sessions and used NFC tokens on the single table. An open session carries the GSI2 keys
 * VENDS#OPEN / <expiresAt>, so the sweep finds due sessions with one query; closing removes them.
 */
export class DynamoVendSessions implements VendSessions {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async consumeToken(record: UsedToken) {
    try {
      await this.db.send(new PutCommand(this.usedTokenPut(record)));
      return { consumed: true as const };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const existing = await this.usedToken(record.jti);
      if (!existing) throw new Error(`used token ${record.jti} vanished`);
      return { consumed: false as const, existing };
    }
  }

  opening(record: UsedToken, session: VendSession): TransactionPart {
    return { writes: [{ Put: this.usedTokenPut(record) }, { Put: this.sessionPut(session) }] };
  }

  private usedTokenPut(record: UsedToken) {
    const ttl = Math.floor(Date.parse(record.expiresAt) / 1000) + USED_TOKEN_RETENTION_SECONDS;
    return { TableName: this.tableName, Item: { ...keys.usedNfcToken(record.jti), ...record, ttl }, ConditionExpression: 'attribute_not_exists(PK)' };
  }

  private sessionPut(session: VendSession) {
    return {
      TableName: this.tableName,
      Item: { ...keys.vendSession(session.id), ...(session.status === 'open' ? keys.openVendSession(session.expiresAt) : {}), ...session },
      ConditionExpression: 'attribute_not_exists(PK)',
    };
  }

  async usedToken(jti: string): Promise<UsedToken | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.usedNfcToken(jti), ConsistentRead: true }));
    return Item ? withoutKeys<UsedToken>(Item) : null;
  }

  async create(session: VendSession): Promise<boolean> {
    try {
      await this.db.send(new PutCommand(this.sessionPut(session)));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async get(id: string): Promise<VendSession | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.vendSession(id), ConsistentRead: true }));
    return Item ? withoutKeys<VendSession>(Item) : null;
  }

  async close(id: string, outcome: SessionOutcome): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand(this.closeUpdate(id, outcome)));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  closing(id: string, outcome: SessionOutcome): TransactionPart {
    return { writes: [{ Update: this.closeUpdate(id, outcome) }] };
  }

  /** Writes the outcome and takes the session out of the sweep's index, only while it is open. */
  private closeUpdate(id: string, outcome: SessionOutcome) {
    const fields = Object.entries(outcome).filter(([, v]) => v !== undefined);
    return {
      TableName: this.tableName,
      Key: keys.vendSession(id),
      UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')} REMOVE GSI2PK, GSI2SK`,
      ConditionExpression: '#status = :open',
      ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])) },
      ExpressionAttributeValues: { ':open': 'open', ...Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v])) },
    };
  }

  async listExpired(now: string, limit: number): Promise<VendSession[]> {
    const { Items = [] } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK <= :now',
      ExpressionAttributeValues: { ':pk': keys.openVendsPartition, ':now': now },
      Limit: limit,
    }));
    // GSI reads are eventually consistent: a session closed a moment ago may still be listed; closing is conditional.
    return Items.map((item) => withoutKeys<VendSession>(item)).filter((s) => s.status === 'open');
  }
}
