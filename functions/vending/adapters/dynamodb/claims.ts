import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { ClaimState, ClaimStatus } from '@shared/schemas/claim';
import type { ClaimRecord, ClaimResolution, Claims } from '../../ports/claims';
import type { TransactionPart } from '@functions/platform/ports/transaction';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { entity } from '@functions/platform/adapters/dynamodb/entity';

/** BatchGetItem reads at most this many keys at once. */
const BATCH_GET_MAX = 100;

/** What resolving a claim writes: its status, the credit, the resolution and its place in the status index. */
const claimItem = entity<Pick<ClaimRecord, 'sessionId' | 'status' | 'creditedIdr' | 'resolution'> & { GSI1PK: string; GSI1SK: string }>()(keys.claim, {
  GSI1: keys.claimCollection,
});

/** Claims on vends (docs/architecture.md, "Claims"): one item per vend in the claimant's partition, GSI1 by status. */
export class DynamoClaims implements Claims {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  private put(claim: ClaimRecord) {
    return {
      TableName: this.tableName,
      Item: { ...keys.claim(claim.userId, claim.sessionId), ...claimItem.indexes.GSI1(claim.status, claim.createdAt, claim.sessionId), ...claim },
      ...claimItem.condition((c) => c.itemNotExists()),
    };
  }

  async create(claim: ClaimRecord): Promise<boolean> {
    try {
      await this.db.send(new PutCommand(this.put(claim)));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  creating(claim: ClaimRecord): TransactionPart {
    return { writes: [{ Put: this.put(claim) }] };
  }

  async get(userId: string, sessionId: string): Promise<ClaimRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.claim(userId, sessionId), ConsistentRead: true }));
    return Item ? withoutKeys<ClaimRecord>(Item) : null;
  }

  async statesOf(userId: string, sessionIds: string[]): Promise<Map<string, ClaimState>> {
    const states = new Map<string, ClaimState>();
    const unique = [...new Set(sessionIds)];
    for (let i = 0; i < unique.length; i += BATCH_GET_MAX) {
      let request: Record<string, unknown>[] | undefined = unique.slice(i, i + BATCH_GET_MAX).map((id) => keys.claim(userId, id));
      // Unprocessed keys (throttling) are asked for again until none is left.
      while (request?.length) {
        const answer: BatchGetCommandOutput = await this.db.send(new BatchGetCommand({
          RequestItems: { [this.tableName]: { Keys: request, ...claimItem.project(['sessionId', 'status', 'creditedIdr', 'resolution']) } },
        }));
        for (const item of answer.Responses?.[this.tableName] ?? []) {
          const claim = item as Pick<ClaimRecord, 'sessionId' | 'status' | 'creditedIdr' | 'resolution'>;
          states.set(claim.sessionId, { status: claim.status, creditedIdr: claim.creditedIdr, reason: claim.status === 'declined' ? claim.resolution?.reason ?? null : null });
        }
        request = answer.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return states;
  }

  async list(status: ClaimStatus, page: { limit: number; cursor?: string }) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...claimItem.query('GSI1', keys.claimsPartition(status)),
      // The queue oldest first (the longest waiting on top); resolved claims newest first.
      ScanIndexForward: status === 'pending',
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor),
    }));
    return { items: Items.map((item) => withoutKeys<ClaimRecord>(item)), nextCursor: encodeCursor(LastEvaluatedKey) };
  }

  async counts() {
    let pending = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.tableName, ...claimItem.query('GSI1', keys.claimsPartition('pending')), Select: 'COUNT', ExclusiveStartKey: start,
      }));
      pending += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    return { pending };
  }

  private resolveUpdate(resolved: ClaimRecord, resolution: ClaimResolution) {
    const { creditedIdr, ...recorded } = resolution;
    const status: ClaimStatus = resolution.decision === 'credit' ? 'credited' : 'declined';
    return {
      TableName: this.tableName,
      ...claimItem.update([resolved.userId, resolved.sessionId], {
        set: { status, creditedIdr, resolution: recorded, ...keys.claimCollection(status, resolution.at, resolved.sessionId) },
        condition: (c) => c.eq('status', 'pending'),
      }),
    };
  }

  resolving(claim: ClaimRecord, resolution: ClaimResolution): TransactionPart {
    return { writes: [{ Update: this.resolveUpdate(claim, resolution) }] };
  }

  async resolve(claim: ClaimRecord, resolution: ClaimResolution): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand(this.resolveUpdate(claim, resolution)));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}
