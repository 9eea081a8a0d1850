import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Favourites } from '../../ports/favourites';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { entity } from '@functions/platform/adapters/dynamodb/entity';

/** A station the user starred, in their own partition. */
const favourite = entity<{ stationId: string; starredAt: string }>()(keys.favourite);

export class DynamoFavourites implements Favourites {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async list(userId: string): Promise<string[]> {
    const stationIds: string[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.tableName,
        ...favourite.query('table', keys.user(userId).PK, { sort: { beginsWith: keys.favouritePrefix }, project: ['stationId'] }),
        ExclusiveStartKey,
      }));
      stationIds.push(...(page.Items ?? []).map((item) => String(item.stationId)));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return stationIds;
  }

  async add(userId: string, stationId: string, at: string): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: { ...favourite.key(userId, stationId), stationId, starredAt: at } }));
  }

  async remove(userId: string, stationId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: favourite.key(userId, stationId) }));
  }
}
