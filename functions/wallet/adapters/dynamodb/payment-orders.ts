import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { orderKind } from '../../domain/payment-orders';
import type { GatewayRefund } from '../../ports/payment-gateway';
import type { TransactionPart } from '@functions/platform/ports/transaction';
import type { GuestHandover, GuestOrder, OrderPatch, OrderStatus, PaymentOrder, PaymentOrders } from '../../ports/payment-orders';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';

const keyOf = (orderId: string) => {
  const kind = orderKind(orderId);
  return kind === 'purchase' ? keys.purchase(orderId) : kind === 'guest' ? keys.guestOrder(orderId) : keys.topup(orderId);
};

/** `{ GSI1PK, GSI1SK }` as expression values `:pk`, `:sk`. */
const prefixed = (listed: { GSI1PK: string; GSI1SK: string }) => ({ ':pk': listed.GSI1PK, ':sk': listed.GSI1SK });

/** Top-ups (TOPUP#<orderId>), wallet purchases (PURCHASE#<orderId>) and guest orders (GUEST#<orderId>) on the single table. */
export class DynamoPaymentOrders implements PaymentOrders {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async create(order: PaymentOrder) {
    try {
      await this.db.send(new PutCommand({
        TableName: this.tableName,
        Item: { ...keyOf(order.orderId), ...order },
        ConditionExpression: 'attribute_not_exists(PK)',
      }));
      return { created: true as const, order };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      const existing = await this.get(order.orderId);
      if (!existing) throw error;
      return { created: false as const, order: existing };
    }
  }

  async get(orderId: string): Promise<PaymentOrder | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keyOf(orderId), ConsistentRead: true }));
    return Item ? withoutKeys<PaymentOrder>(Item) : null;
  }

  async update(orderId: string, patch: OrderPatch, onlyIf?: OrderStatus[]): Promise<PaymentOrder | null> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':updatedAt': new Date().toISOString() };
    const sets = ['#updatedAt = :updatedAt'];
    entries.forEach(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      sets.push(`#f${i} = :v${i}`);
    });
    let condition = patch.closedAt === undefined ? 'attribute_exists(PK)' : 'attribute_exists(PK) AND attribute_not_exists(closedAt)';
    if (onlyIf?.length) {
      names['#status'] = 'status';
      onlyIf.forEach((status, i) => (values[`:s${i}`] = status));
      condition += ` AND #status IN (${onlyIf.map((_, i) => `:s${i}`).join(', ')})`;
    }
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keyOf(orderId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<PaymentOrder>(Attributes) : null;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  }

  refunding(orderId: string, refund: GatewayRefund, seen: number, gatewayStatus: string): TransactionPart {
    return {
      writes: [{
        Update: {
          TableName: this.tableName,
          Key: keyOf(orderId),
          UpdateExpression: 'SET #status = :refunded, refunded = :total, refundKeys = list_append(if_not_exists(refundKeys, :none), :key), gatewayStatus = :gs, message = :message, updatedAt = :now',
          ConditionExpression: `attribute_exists(PK) AND ${seen === 0 ? '(attribute_not_exists(refunded) OR refunded = :seen)' : 'refunded = :seen'} AND NOT contains(refundKeys, :keyValue)`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':refunded': 'refunded', ':total': seen + refund.amount, ':none': [], ':key': [refund.key], ':keyValue': refund.key, ':seen': seen,
            ':gs': gatewayStatus, ':message': 'The payment was refunded', ':now': new Date().toISOString(),
          },
        },
      }],
    };
  }

  async recordRefusedRefund(orderId: string, refused: NonNullable<GuestOrder['refundRefused']>): Promise<GuestOrder | null> {
    const { Attributes } = await this.db.send(new UpdateCommand({
      TableName: this.tableName,
      Key: keyOf(orderId),
      UpdateExpression: 'SET refundRefused = :refused, GSI1PK = :pk, GSI1SK = :sk, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':refused': refused, ...prefixed(keys.refusedGuestRefund(refused.at, orderId)), ':now': new Date().toISOString() },
      ReturnValues: 'ALL_NEW',
    }));
    return Attributes ? withoutKeys<GuestOrder>(Attributes) : null;
  }

  async listRefusedRefunds(limit: number): Promise<GuestOrder[]> {
    const { Items } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.refusedGuestRefundsPartition },
      Limit: limit,
    }));
    return (Items ?? []).map((item) => withoutKeys<GuestOrder>(item));
  }

  /**
   * Sets the hand-over's fields and takes the order off the admin's list, only while it was not claimed and not paid
   * out since the payout the caller read.
   */
  private handOverUpdate(orderId: string, handover: GuestHandover, previousPayoutAt: string | undefined) {
    const fields = Object.entries(handover).filter(([, v]) => v !== undefined);
    return {
      TableName: this.tableName,
      Key: keyOf(orderId),
      UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}, updatedAt = :now REMOVE GSI1PK, GSI1SK`,
      ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(claimedBy) AND ${previousPayoutAt ? 'paidOut.#at = :previousPayoutAt' : 'attribute_not_exists(paidOut)'}`,
      ExpressionAttributeNames: { ...Object.fromEntries(fields.map(([field], i) => [`#f${i}`, field])), ...(previousPayoutAt ? { '#at': 'at' } : {}) },
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map(([, value], i) => [`:v${i}`, value])),
        ...(previousPayoutAt ? { ':previousPayoutAt': previousPayoutAt } : {}),
        ':now': new Date().toISOString(),
      },
    };
  }

  handingOver(orderId: string, handover: GuestHandover, previousPayoutAt?: string): TransactionPart {
    return { writes: [{ Update: this.handOverUpdate(orderId, handover, previousPayoutAt) }] };
  }

  async handOver(orderId: string, handover: GuestHandover, previousPayoutAt?: string, together?: TransactionPart): Promise<GuestOrder | null> {
    try {
      if (!together?.writes.length) {
        const { Attributes } = await this.db.send(new UpdateCommand({ ...this.handOverUpdate(orderId, handover, previousPayoutAt), ReturnValues: 'ALL_NEW' }));
        return Attributes ? withoutKeys<GuestOrder>(Attributes) : null;
      }
      const joined = together.writes as NonNullable<TransactWriteCommandInput['TransactItems']>;
      await this.db.send(new TransactWriteCommand({ TransactItems: [...this.handingOver(orderId, handover, previousPayoutAt).writes as typeof joined, ...joined] }));
      const after = await this.get(orderId);
      return after?.kind === 'guest' ? after : null;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if ((error as Error).name === 'ConditionalCheckFailedException' || reasons?.[0]?.Code === 'ConditionalCheckFailed') return null;
      throw error;
    }
  }

  async addImpactOnce(orderId: string, userId: string, dispensedMl: number, at: string): Promise<boolean> {
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.tableName, Key: keyOf(orderId),
              UpdateExpression: 'SET impactAddedAt = :at',
              ConditionExpression: 'claimedBy = :user AND attribute_not_exists(impactAddedAt)',
              ExpressionAttributeValues: { ':at': at, ':user': userId },
            },
          },
          {
            Update: {
              TableName: this.tableName, Key: keys.user(userId),
              UpdateExpression: 'ADD dispensedMl :ml SET updatedAt = :at',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':ml': dispensedMl, ':at': at },
            },
          },
        ],
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException') return false;
      throw error;
    }
  }

  async markQuotaReturned(orderId: string, at: string): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keyOf(orderId),
        UpdateExpression: 'SET quotaReturnedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(quotaReturnedAt)',
        ExpressionAttributeValues: { ':at': at },
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async markReceiptMailed(orderId: string, at: string, { undo = false, linkSecretHash }: { undo?: boolean; linkSecretHash?: string } = {}): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keyOf(orderId),
        UpdateExpression: undo ? 'REMOVE receiptMailedAt' : `SET receiptMailedAt = :at${linkSecretHash ? ', linkSecretHash = :link' : ''}`,
        ConditionExpression: undo ? 'receiptMailedAt = :at' : 'attribute_exists(PK) AND attribute_not_exists(receiptMailedAt)',
        ExpressionAttributeValues: { ':at': at, ...(linkSecretHash && !undo ? { ':link': linkSecretHash } : {}) },
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}
