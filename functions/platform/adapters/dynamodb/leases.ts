import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Leases } from '../../ports/leases';
import { keys } from './keys';

/** A lease is one item whose `until` moves forward only once it has passed (a conditional write, no read). */
export class DynamoLeases implements Leases {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(name: string, now: Date, until: Date): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keys.lease(name),
        UpdateExpression: 'SET #until = :until',
        ConditionExpression: 'attribute_not_exists(#until) OR #until <= :now',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':until': until.toISOString(), ':now': now.toISOString() },
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}
