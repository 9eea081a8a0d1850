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
}
