import { defaultSettings } from '@shared/schemas/settings';
import type {
  ChargeRequest,
  ChargeResult,
  GatewayRefund,
  PaymentGateway,
  PaymentNotification,
} from '../ports/payment-gateway';
import type { TransactionPart } from '../../platform/ports/transaction';
import type {
  GuestHandover,
  GuestOrder,
  OrderPatch,
  OrderStatus,
  PaymentOrder,
  PaymentOrders,
} from '../ports/payment-orders';
import type { DomainError } from '../../platform/domain/errors';
import type { TopupDeps } from './topup';
import { memoryLedger, MemoryUsers } from '../../vending/domain/vend.test-fakes';
import { afterPaid } from './after-payment';

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
    if (!o || (onlyIf && !onlyIf.includes(o.status)) || (patch.closedAt !== undefined && 'closedAt' in o && o.closedAt)) return null;
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
  /** Orders on the admin's list of refused refunds: listed by each refusal, taken off by each hand-over. */
  private readonly listed = new Set<string>();
  async recordRefusedRefund(id: string, refused: NonNullable<GuestOrder['refundRefused']>) {
    const o = this.items.get(id) as GuestOrder | undefined;
    if (!o) return null;
    o.refundRefused = refused;
    this.listed.add(id);
    return structuredClone(o);
  }
  async listRefusedRefunds(limit: number) {
    const held = [...this.listed].map((id) => this.items.get(id) as GuestOrder);
    return held.slice(0, limit).map((o) => structuredClone(o));
  }
  private handedOver = (id: string, previousPayoutAt: string | undefined) => {
    const o = this.items.get(id) as GuestOrder | undefined;
    return !o || Boolean(o.claimedBy) || o.paidOut?.at !== previousPayoutAt;
  };
  handingOver(id: string, handover: GuestHandover, previousPayoutAt?: string): TransactionPart {
    return { writes: [{ holds: () => !this.handedOver(id, previousPayoutAt), apply: () => this.handOverNow(id, handover) }] };
  }
  private handOverNow(id: string, handover: GuestHandover) {
    Object.assign(this.items.get(id)!, handover);
    this.listed.delete(id);
  }
  async handOver(id: string, handover: GuestHandover, previousPayoutAt?: string, together?: TransactionPart) {
    if (this.handedOver(id, previousPayoutAt)) return null;
    this.handOverNow(id, handover);
    for (const write of (together?.writes ?? []) as { apply: () => void }[]) write.apply();
    return structuredClone(this.items.get(id) as GuestOrder);
  }
  /** The impact is the users' fake's; only the once-per-order mark lives here. */
  async addImpactOnce(id: string, userId: string, _dispensedMl: number, at: string) {
    const o = this.items.get(id) as GuestOrder | undefined;
    if (!o || o.claimedBy !== userId || o.impactAddedAt) return false;
    o.impactAddedAt = at;
    return true;
  }
  async markReceiptMailed(id: string, at: string, { undo = false, linkSecretHash }: { undo?: boolean; linkSecretHash?: string } = {}) {
    const o = this.items.get(id) as GuestOrder | undefined;
    if (!o || (undo ? o.receiptMailedAt !== at : o.receiptMailedAt)) return false;
    if (undo) delete o.receiptMailedAt;
    else Object.assign(o, { receiptMailedAt: at, ...(linkSecretHash ? { linkSecretHash } : {}) });
    return true;
  }
  async markQuotaReturned(id: string, at: string) {
    const o = this.items.get(id) as GuestOrder | undefined;
    if (!o || o.quotaReturnedAt) return false;
    o.quotaReturnedAt = at;
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------------
// A top-up world: one payer with a wallet, a scripted gateway, and the deps the payment use cases take

/** The user's wallet: the shared in-memory ledger, with the payer's account already there. */
function wallet() {
  const users = new MemoryUsers();
  void users.ensure({ id: 'user-1', username: 'wayan', firstName: 'Wayan', lastName: null, email: 'w@example.com' }, '2025-11-21T12:00:00Z');
  const ledger = memoryLedger(users);
  return { users, ledger, balance: () => users.items.get('user-1')!.balance, owed: () => users.items.get('user-1')!.owed ?? 0 };
}

function scriptedGateway(answer: () => Promise<ChargeResult>, status: () => Promise<PaymentNotification | null> = async () => null) {
  const calls = { charge: 0, status: 0 };
  /** What each charge asked the gateway for. */
  const requests: ChargeRequest[] = [];
  const gateway: PaymentGateway = {
    charge: async (request) => (calls.charge++, requests.push(request), answer()),
    verifyNotification: async (b) => b as PaymentNotification,
    status: async () => (calls.status++, status()),
    refund: async () => { throw new Error('unused'); },
  };
  return { gateway, calls, requests };
}
export const pending: ChargeResult = { transactionId: 'tx-1', outcome: 'pending', gatewayStatus: 'pending', qrString: '000201QR', qrImageUrl: null, deeplink: null, redirectUrl: null, expiresAt: null, message: null };

export function setup(answer: () => Promise<ChargeResult> = async () => pending, status?: () => Promise<PaymentNotification | null>, now = () => new Date()) {
  const orders = new MemoryOrders();
  const { users, ledger, balance, owed } = wallet();
  const { gateway, calls, requests } = scriptedGateway(answer, status);
  const deps: TopupDeps = {
    paymentOrders: orders, paymentGateway: gateway, ledger, clock: { now }, users, afterPaid,
    settings: { get: async () => defaultSettings(), save: async (s) => s },
    log: { info: () => undefined, warn: () => undefined },
  };
  return { deps, orders, ledger, calls, requests, balance, owed };
}

export const payer = { sub: 'user-1', username: 'wayan', email: 'w@example.com', givenName: 'Wayan', familyName: null };
export const KEY = 'b0c1d2e3-f405-4617-8293-a4b5c6d7e8f9';
export const report = (order: PaymentOrder, outcome: PaymentNotification['outcome'], gatewayStatus: string, extra: Partial<PaymentNotification> = {}): PaymentNotification => ({
  orderId: order.orderId, transactionId: 'tx-1', outcome, gatewayStatus, fraudStatus: 'accept', paymentType: 'qris', grossAmount: order.amount, refundAmount: null, refundKey: null, refunds: [], message: null, ...extra,
});
export const domainError = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a DomainError'); }, (e: unknown) => e as DomainError);
