import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { HostRequest } from '@shared/schemas/host-request';
import type { HostRequests } from '../../ports/host-requests';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { entity } from '@functions/platform/adapters/dynamodb/entity';

const hostRequest = entity<Omit<HostRequest, 'id' | 'createdAt'>>()(keys.hostRequest, { GSI1: keys.hostRequestCollection });

export class DynamoHostRequests implements HostRequests {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async create(request: HostRequest): Promise<void> {
    await this.db.send(new PutCommand({
      TableName: this.tableName,
      Item: { ...hostRequest.key(request.id), ...hostRequest.indexes.GSI1(request.createdAt, request.id), ...request },
      ...hostRequest.condition((c) => c.itemNotExists()),
    }));
  }

  async list(page: { limit: number; cursor?: string }) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...hostRequest.query('GSI1', keys.hostRequestsPartition),
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor),
    }));
    return { items: Items.map((item) => withoutKeys<HostRequest>(item)), nextCursor: encodeCursor(LastEvaluatedKey) };
  }

  async get(id: string): Promise<HostRequest | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.hostRequest(id) }));
    return Item ? withoutKeys<HostRequest>(Item) : null;
  }

  async update(id: string, fields: Partial<Omit<HostRequest, 'id' | 'createdAt'>>): Promise<HostRequest | null> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...hostRequest.update([id], { set: fields, condition: (c) => c.itemExists() }),
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<HostRequest>(Attributes) : null;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  }

  async remove(id: string): Promise<boolean> {
    const { Attributes } = await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: keys.hostRequest(id), ReturnValues: 'ALL_OLD' }));
    return Boolean(Attributes);
  }
}
