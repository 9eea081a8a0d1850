import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { orderKind } from '../../domain/payment-orders';
import type { GatewayRefund } from '../../ports/payment-gateway';
import type { TransactionPart } from '@functions/platform/ports/transaction';
import type { GuestHandover, GuestOrder, OrderPatch, OrderStatus, PaymentOrder, PaymentOrders } from '../../ports/payment-orders';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { definedFields, entity } from '@functions/platform/adapters/dynamodb/entity';
import { walletAccount } from './ledger';

const keyOf = (orderId: string) => {
  const kind = orderKind(orderId);
  return kind === 'purchase' ? keys.purchase(orderId) : kind === 'guest' ? keys.guestOrder(orderId) : keys.topup(orderId);
};

/** An order's item (a guest order's attributes hold every kind's), filed in GSI1 while its refused refund is held. */
const paymentOrder = entity<Omit<GuestOrder, 'kind'> & { GSI1PK: string; GSI1SK: string }>()(keyOf, { GSI1: keys.refusedGuestRefund });

/** Top-ups (TOPUP#<orderId>), wallet purchases (PURCHASE#<orderId>) and guest orders (GUEST#<orderId>) on the single table. */
export class DynamoPaymentOrders implements PaymentOrders {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async create(order: PaymentOrder) {
    try {
      await this.db.send(new PutCommand({
        TableName: this.tableName,
        Item: { ...keyOf(order.orderId), ...order },
        ...paymentOrder.condition((c) => c.itemNotExists()),
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
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName,
        ...paymentOrder.update([orderId], {
          set: { ...definedFields(patch), updatedAt: new Date().toISOString() },
          condition: (c) => c.and(
            c.itemExists(),
            ...(patch.closedAt === undefined ? [] : [c.notExists('closedAt')]),
            ...(onlyIf?.length ? [c.in('status', onlyIf)] : []),
          ),
        }),
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
          ...paymentOrder.update([orderId], {
            set: { status: 'refunded', refunded: seen + refund.amount, gatewayStatus, message: 'The payment was refunded', updatedAt: new Date().toISOString() },
            appendOrStart: { refundKeys: [refund.key] },
            condition: (c) => c.and(
              c.itemExists(),
              seen === 0 ? c.or(c.notExists('refunded'), c.eq('refunded', seen)) : c.eq('refunded', seen),
              c.not(c.contains('refundKeys', refund.key)),
            ),
          }),
        },
      }],
    };
  }

  async recordRefusedRefund(orderId: string, refused: NonNullable<GuestOrder['refundRefused']>): Promise<GuestOrder | null> {
    const { Attributes } = await this.db.send(new UpdateCommand({
      TableName: this.tableName,
      ...paymentOrder.update([orderId], {
        set: { refundRefused: refused, ...paymentOrder.indexes.GSI1(refused.at, orderId), updatedAt: new Date().toISOString() },
        condition: (c) => c.itemExists(),
      }),
      ReturnValues: 'ALL_NEW',
    }));
    return Attributes ? withoutKeys<GuestOrder>(Attributes) : null;
  }

  async listRefusedRefunds(limit: number): Promise<GuestOrder[]> {
    const { Items } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...paymentOrder.query('GSI1', keys.refusedGuestRefundsPartition),
      Limit: limit,
    }));
    return (Items ?? []).map((item) => withoutKeys<GuestOrder>(item));
  }

  /**
   * Sets the hand-over's fields and takes the order off the admin's list, only while it was not claimed and not paid
   * out since the payout the caller read.
   */
  private handOverUpdate(orderId: string, handover: GuestHandover, previousPayoutAt: string | undefined) {
    return {
      TableName: this.tableName,
      ...paymentOrder.update([orderId], {
        set: { ...definedFields(handover), updatedAt: new Date().toISOString() },
        remove: ['GSI1PK', 'GSI1SK'],
        condition: (c) => c.and(c.itemExists(), c.notExists('claimedBy'), previousPayoutAt ? c.eq('paidOut.at', previousPayoutAt) : c.notExists('paidOut')),
      }),
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
              TableName: this.tableName,
              ...paymentOrder.update([orderId], { set: { impactAddedAt: at }, condition: (c) => c.and(c.eq('claimedBy', userId), c.notExists('impactAddedAt')) }),
            },
          },
          {
            Update: {
              TableName: this.tableName,
              ...walletAccount.update([userId], { add: { dispensedMl }, set: { updatedAt: at }, condition: (c) => c.itemExists() }),
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
        ...paymentOrder.update([orderId], { set: { quotaReturnedAt: at }, condition: (c) => c.and(c.itemExists(), c.notExists('quotaReturnedAt')) }),
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
        ...(undo
          ? paymentOrder.update([orderId], { remove: ['receiptMailedAt'], condition: (c) => c.eq('receiptMailedAt', at) })
          : paymentOrder.update([orderId], { set: { receiptMailedAt: at, ...(linkSecretHash ? { linkSecretHash } : {}) }, condition: (c) => c.and(c.itemExists(), c.notExists('receiptMailedAt')) })),
      }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}
