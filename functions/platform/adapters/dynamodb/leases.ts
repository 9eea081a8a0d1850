import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Leases } from '../../ports/leases';
import { entity } from './entity';
import { keys } from './keys';

const lease = entity<{ until: string }>()(keys.lease);

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
        ...lease.update([name], {
          set: { until: until.toISOString() },
          condition: (c) => c.or(c.notExists('until'), c.le('until', now.toISOString())),
        }),
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}
