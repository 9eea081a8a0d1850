import type { GatewayRefund } from '../ports/payment-gateway';
import type { TransactionPart } from '../ports/transaction';
import type { OrderPatch, OrderStatus, PaymentOrder, PaymentOrders } from '../ports/topups';

/** Payment orders in memory, for the domain tests of top-ups and wallet purchases. */
export class MemoryOrders implements PaymentOrders {
  readonly items = new Map<string, PaymentOrder>();
  async create(order: PaymentOrder) {
    const existing = this.items.get(order.orderId);
    if (existing) return { created: false as const, order: structuredClone(existing) };
    this.items.set(order.orderId, structuredClone(order));
    return { created: true as const, order };
  }
  async get(id: string) {
    const o = this.items.get(id);
    return o ? structuredClone(o) : null;
  }
  async update(id: string, patch: OrderPatch, onlyIf?: OrderStatus[]) {
    const o = this.items.get(id);
    if (!o || (onlyIf && !onlyIf.includes(o.status))) return null;
    const next = { ...o, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as PaymentOrder;
    this.items.set(id, next);
    return structuredClone(next);
  }
  /** Joined like the in-memory vend writes (vend.test-fakes.ts): a condition, then the change. */
  refunding(id: string, refund: GatewayRefund, seen: number, gatewayStatus: string): TransactionPart {
    return {
      writes: [{
        holds: () => {
          const o = this.items.get(id);
          return Boolean(o) && (o!.refunded ?? 0) === seen && !(o!.refundKeys ?? []).includes(refund.key);
        },
        apply: () => {
          const o = this.items.get(id)!;
          Object.assign(o, { status: 'refunded', refunded: seen + refund.amount, refundKeys: [...(o.refundKeys ?? []), refund.key], gatewayStatus, message: 'The payment was refunded' });
        },
      }],
    };
  }
}
