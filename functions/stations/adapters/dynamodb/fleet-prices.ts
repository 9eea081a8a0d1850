import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FleetPrices } from '../../ports/fleet-prices';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { entity } from '@functions/platform/adapters/dynamodb/entity';

const fleetPrices = entity<{ highestPricePerLitre: number; at: string }>()(() => keys.fleetPrices);

export class DynamoFleetPrices implements FleetPrices {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async highest(): Promise<number | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.fleetPrices }));
    return typeof Item?.highestPricePerLitre === 'number' ? Item.highestPricePerLitre : null;
  }

  async recordHighest(pricePerLitre: number, at: string): Promise<void> {
    try {
      // Unchanged, no write: the item (and the table's stream) stays quiet between price changes.
      await this.db.send(new PutCommand({
        TableName: this.tableName,
        Item: { ...fleetPrices.key(), highestPricePerLitre: pricePerLitre, at },
        ...fleetPrices.condition((c) => c.or(c.itemNotExists(), c.ne('highestPricePerLitre', pricePerLitre))),
      }));
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
}
