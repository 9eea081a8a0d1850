import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { quotaWindow, type RequestQuota } from '../../ports/request-quota';
import { keys } from './keys';

/** A fixed-window counter per key: one conditional increment, the item removed by TTL after its window. */
export class DynamoRequestQuota implements RequestQuota {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async take(key: string, limit: number, windowSeconds: number, now: Date): Promise<boolean> {
    const window = quotaWindow(now, windowSeconds).start;
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keys.requestQuota(key, window),
        UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': window + 2 * windowSeconds },
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
        Key: keys.requestQuota(key, quotaWindow(at, windowSeconds).start),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }));
    } catch (error) {
      // The window's count expired or is empty: nothing to give back.
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
}
