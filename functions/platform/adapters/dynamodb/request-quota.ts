import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { quotaWindow, type RequestQuota } from '../../ports/request-quota';
import { entity } from './entity';
import { keys } from './keys';

/** A window's counter; `ttl` removes it after its window. */
const requestQuota = entity<{ count: number; ttl: number }>()(keys.requestQuota);

/** A fixed-window counter per key: one conditional increment, the item removed by TTL after its window. */
export class DynamoRequestQuota implements RequestQuota {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async take(key: string, limit: number, windowSeconds: number, now: Date): Promise<boolean> {
    const window = quotaWindow(now, windowSeconds).start;
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...requestQuota.update([key, window], {
          add: { count: 1 },
          set: { ttl: window + 2 * windowSeconds },
          condition: (c) => c.or(c.notExists('count'), c.lt('count', limit)),
        }),
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async give(key: string, windowSeconds: number, at: Date): Promise<void> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...requestQuota.update([key, quotaWindow(at, windowSeconds).start], { add: { count: -1 }, condition: (c) => c.gt('count', 0) }),
      }));
    } catch (error) {
      // The window's count expired or is empty: nothing to give back.
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
}
