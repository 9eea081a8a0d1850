import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { orderKind } from '../../domain/payment-orders';
import type { GatewayRefund } from '../../ports/payment-gateway';
import type { TransactionPart } from '../../ports/transaction';
import type { OrderPatch, OrderStatus, PaymentOrder, PaymentOrders } from '../../ports/payment-orders';
import { keys, withoutKeys } from './keys';

const keyOf = (orderId: string) => {
  const kind = orderKind(orderId);
  return kind === 'purchase' ? keys.purchase(orderId) : kind === 'guest' ? keys.guestOrder(orderId) : keys.topup(orderId);
};

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
    let condition = 'attribute_exists(PK)';
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

  async markReceiptMailed(orderId: string, at: string, undo = false): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        Key: keyOf(orderId),
        UpdateExpression: undo ? 'REMOVE receiptMailedAt' : 'SET receiptMailedAt = :at',
        ConditionExpression: undo ? 'receiptMailedAt = :at' : 'attribute_exists(PK) AND attribute_not_exists(receiptMailedAt)',
        ExpressionAttributeValues: { ':at': at },
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}
