import { isCardWallet, type PaymentMethod } from '@shared/schemas/transaction';
import { type ClaimState, type ClaimStatus } from '@shared/schemas/claim';
import { type GuestOrderRequest } from '@shared/schemas/guest';
import type { ClaimRecord, ClaimResolution, Claims } from '../../vending/ports/claims';
import type { Email, Mailer } from '../../platform/ports/mailer';
import {
  GatewayRejected, GatewayUnavailable, type ChargeRequest, type ChargeResult, type GatewayRefund, type OrderRef, type PaymentGateway, type PaymentNotification, type RefundRequest,
} from '../ports/payment-gateway';
import type { TopupOrder } from '../ports/payment-orders';
import { quotaWindow, type RequestQuota } from '../../platform/ports/request-quota';
import type { TransactionPart } from '../../platform/ports/transaction';
import type { PayoutClosing, PayoutStatus, WithdrawalLock, WithdrawalRecord, Withdrawals } from '../ports/withdrawals';
import { createGuestOrder, settleGuestSession } from '../../guests/domain/guest-orders';
import type { GuestClaimDeps } from '../../guests/domain/guest-claims';
import { newOrderState, orderIdFor } from './payment-orders';
import { MemoryOrders, report } from './payment-orders.test-fakes';
import { applyGatewayReport } from './payment-reports';
import { completeVend } from '../../vending/domain/vend-close';
import { openPaidVendSession, paidSessionId } from '../../vending/domain/vend-paid';
import type { WithdrawalDeps } from './withdrawals';
import {
  memoryPart,
  memoryLedger,
  MemoryTelemetry,
  memoryVendWorld,
  STATION,
  type MemoryWrite,
} from '../../vending/domain/vend.test-fakes';
import { afterPaid } from './after-payment';

/**
 * In-memory adapters of the money use cases (guest orders, withdrawals, receipts, claims) for their unit tests, beside
 * those of vend.test-fakes.ts and payment-orders.test-fakes.ts; each keeps the conditions of its DynamoDB adapter.
 */

const sum = (amounts: number[]) => amounts.reduce((s, a) => s + a, 0);

/** A joined part committed on its own, as its adapter's single write: false when a condition failed. */
function commitAlone(part: TransactionPart): boolean {
  const writes = part.writes as MemoryWrite[];
  if (!writes.every((w) => w.holds())) return false;
  writes.forEach((w) => w.apply());
  return true;
}

/**
 * What one refund call answers: `made` (the default once the script is used up); `refused` (GatewayRejected: past the
 * refund window); `unavailable` (a 503: nothing made); `timeout` (the gateway made it, the answer never came back:
 * GatewayUnavailable); `{ madeAfter }`, made once that promise settles (a slow gateway, to race against).
 */
type RefundAnswer = 'made' | 'refused' | 'unavailable' | 'timeout' | { madeAfter: Promise<unknown> };

/**
 * A payment gateway with scripted answers, keeping what a real one keeps: card wallets are captured at once, other
 * methods wait for `pay`; refunds are one per order and key (asking again answers the same refund), never more than
 * was paid; the status API lists every refund made.
 */
class ScriptedGateway implements PaymentGateway {
  private readonly orders = new Map<string, { ref: OrderRef; paid: boolean }>();
  readonly refundsMade = new Map<string, GatewayRefund[]>();
  /** Every refund asked for, answered or not. */
  readonly refundCalls: RefundRequest[] = [];
  /** The answers of the next refund calls, first to last. */
  readonly refundAnswers: RefundAnswer[] = [];

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const card = isCardWallet(request.method);
    this.orders.set(request.orderId, { ref: { orderId: request.orderId, amount: request.amount, method: request.method, createdAt: '' }, paid: card });
    return {
      transactionId: `tx-${request.orderId}`, outcome: card ? 'settled' : 'pending', gatewayStatus: card ? 'capture' : 'pending',
      qrString: card ? null : '000201QR', qrImageUrl: null, deeplink: null, redirectUrl: null, expiresAt: null, message: null,
    };
  }

  /** The payer pays a charge (scanned the QR code), or paid one made elsewhere (a top-up): the status API says settled. */
  pay(orderId: string, made?: Pick<OrderRef, 'amount' | 'method'>) {
    const known = this.orders.get(orderId);
    if (known) known.paid = true;
    else this.orders.set(orderId, { ref: { orderId, amount: made!.amount, method: made!.method, createdAt: '' }, paid: true });
  }

  refunded(orderId: string): number {
    return sum((this.refundsMade.get(orderId) ?? []).map((r) => r.amount));
  }

  async status(order: OrderRef): Promise<PaymentNotification | null> {
    const known = this.orders.get(order.orderId);
    if (!known) return null;
    const refunds = [...(this.refundsMade.get(order.orderId) ?? [])];
    const gatewayStatus = !known.paid ? 'pending' : !refunds.length ? 'settlement' : this.refunded(order.orderId) >= known.ref.amount ? 'refund' : 'partial_refund';
    return {
      orderId: order.orderId, transactionId: `tx-${order.orderId}`, outcome: !known.paid ? 'pending' : refunds.length ? 'refunded' : 'settled', gatewayStatus,
      fraudStatus: 'accept', paymentType: 'qris', grossAmount: known.ref.amount, refundAmount: refunds.at(-1)?.amount ?? null, refundKey: refunds.at(-1)?.key ?? null, refunds, message: null,
    };
  }

  async refund(request: RefundRequest): Promise<GatewayRefund> {
    this.refundCalls.push(structuredClone(request));
    const answer = this.refundAnswers.shift() ?? 'made';
    if (answer === 'unavailable') throw new GatewayUnavailable('Midtrans answered 503');
    if (answer === 'refused') throw new GatewayRejected('Refund is not possible after the refund window', '412');
    if (typeof answer === 'object') await answer.madeAfter;
    const made = this.make(request);
    if (answer === 'timeout') throw new GatewayUnavailable('Midtrans could not be reached: The operation was aborted due to timeout');
    return made;
  }

  private make({ order, amount, key }: RefundRequest): GatewayRefund {
    const made = this.refundsMade.get(order.orderId) ?? [];
    const earlier = made.find((r) => r.key === key);
    if (earlier) return { ...earlier };
    const known = this.orders.get(order.orderId);
    if (!known?.paid) throw new GatewayRejected('Transaction status cannot be refunded', '412');
    if (amount > known.ref.amount - this.refunded(order.orderId)) throw new GatewayRejected('Refund amount is more than what is left', '412');
    this.refundsMade.set(order.orderId, [...made, { key, amount }]);
    return { key, amount };
  }

  async verifyNotification(body: unknown): Promise<PaymentNotification> {
    return body as PaymentNotification;
  }
}

/** Withdrawals and each user's one in progress, with the DynamoDB adapter's conditions (lease, lock, void, one completion). */
class MemoryWithdrawals implements Withdrawals {
  readonly records = new Map<string, WithdrawalRecord>();
  readonly locks = new Map<string, WithdrawalLock>();
  async many(ids: string[]) {
    return ids.flatMap((id) => (this.records.has(id) ? [structuredClone(this.records.get(id)!)] : []));
  }
  creating(record: WithdrawalRecord) {
    return memoryPart(
      { holds: () => !this.records.has(record.id), apply: () => this.records.set(record.id, structuredClone(record)) },
      { holds: () => !this.locks.has(record.userId), apply: () => this.locks.set(record.userId, { withdrawalId: record.id, startedAt: record.createdAt }) },
    );
  }
  async get(id: string) {
    const r = this.records.get(id);
    return r ? structuredClone(r) : null;
  }
  async lockOf(userId: string) {
    return this.locks.get(userId) ?? null;
  }
  private free = (r: WithdrawalRecord | undefined, now: string) => r?.status === 'processing' && (r.leaseUntil === undefined || r.leaseUntil < now);
  async lease(id: string, now: string, until: string) {
    const r = this.records.get(id);
    if (!this.free(r, now)) return false;
    r!.leaseUntil = until;
    return true;
  }
  async unlease(id: string, until: string) {
    const r = this.records.get(id);
    if (r?.leaseUntil === until) delete r.leaseUntil;
  }
  voiding(record: WithdrawalRecord, now: string) {
    return memoryPart({
      holds: () => this.free(this.records.get(record.id), now) && this.locks.get(record.userId)?.withdrawalId === record.id,
      apply: () => {
        Object.assign(this.records.get(record.id)!, { status: 'voided', voidedAt: now });
        this.locks.delete(record.userId);
      },
    });
  }
  async voidEmpty(record: WithdrawalRecord, now: string) {
    return commitAlone(this.voiding(record, now));
  }
  async complete(id: string, outcome: Pick<WithdrawalRecord, 'refunds' | 'payout' | 'payoutStatus' | 'completedAt'>) {
    const r = this.records.get(id);
    if (r?.status !== 'processing') return null;
    Object.assign(r, structuredClone(outcome), { status: 'completed' });
    if (this.locks.get(r.userId)?.withdrawalId === id) this.locks.delete(r.userId);
    return structuredClone(r);
  }
  async markMailed(id: string, at: string, undo = false) {
    const r = this.records.get(id);
    if (!r || (undo ? r.mailedAt !== at : r.mailedAt)) return false;
    if (undo) delete r.mailedAt;
    else r.mailedAt = at;
    return true;
  }
  async listPayouts(status: Exclude<PayoutStatus, 'none'>, limit: number) {
    return [...this.records.values()].filter((r) => r.payoutStatus === status).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit).map((r) => structuredClone(r));
  }
  async resolvePayout(id: string, resolution: PayoutClosing) {
    const r = this.records.get(id);
    if (r?.payoutStatus !== 'open') return null;
    Object.assign(r, {
      payoutStatus: resolution.status, resolvedAt: resolution.at, resolvedBy: resolution.by, resolutionNote: resolution.note,
      ...(resolution.transferReference === null ? {} : { transferReference: resolution.transferReference }),
    });
    return structuredClone(r);
  }
}

/** Claims, one per vend in the claimant's partition; resolved once, from pending. */
class MemoryClaims implements Claims {
  readonly items = new Map<string, ClaimRecord>();
  private key = (userId: string, sessionId: string) => `${userId}|${sessionId}`;
  async create(claim: ClaimRecord) {
    return commitAlone(this.creating(claim));
  }
  creating(claim: ClaimRecord) {
    const key = this.key(claim.userId, claim.sessionId);
    return memoryPart({ holds: () => !this.items.has(key), apply: () => this.items.set(key, structuredClone(claim)) });
  }
  async get(userId: string, sessionId: string) {
    const c = this.items.get(this.key(userId, sessionId));
    return c ? structuredClone(c) : null;
  }
  async statesOf(userId: string, sessionIds: string[]) {
    const states = new Map<string, ClaimState>();
    for (const id of sessionIds) {
      const c = this.items.get(this.key(userId, id));
      if (c) states.set(id, { status: c.status, creditedIdr: c.creditedIdr, reason: c.status === 'declined' ? c.resolution?.reason ?? null : null });
    }
    return states;
  }
  async list(status: ClaimStatus, page: { limit: number }) {
    const items = [...this.items.values()].filter((c) => c.status === status).sort((a, b) => (status === 'pending' ? 1 : -1) * a.createdAt.localeCompare(b.createdAt));
    return { items: items.slice(0, page.limit).map((c) => structuredClone(c)), nextCursor: null };
  }
  async counts() {
    return { pending: [...this.items.values()].filter((c) => c.status === 'pending').length };
  }
  resolving(claim: ClaimRecord, resolution: ClaimResolution) {
    const key = this.key(claim.userId, claim.sessionId);
    const { creditedIdr, ...recorded } = resolution;
    return memoryPart({
      holds: () => this.items.get(key)?.status === 'pending',
      apply: () => Object.assign(this.items.get(key)!, { status: resolution.decision === 'credit' ? 'credited' : 'declined', creditedIdr, resolution: recorded }),
    });
  }
  async resolve(claim: ClaimRecord, resolution: ClaimResolution) {
    return commitAlone(this.resolving(claim, resolution));
  }
}

/** Requests counted per key and fixed window. */
class MemoryQuota implements RequestQuota {
  readonly counts = new Map<string, number>();
  private slot = (key: string, windowSeconds: number, at: Date) => `${key}|${quotaWindow(at, windowSeconds).start}`;
  async take(key: string, limit: number, windowSeconds: number, now: Date) {
    const slot = this.slot(key, windowSeconds, now);
    const count = this.counts.get(slot) ?? 0;
    if (count >= limit) return false;
    this.counts.set(slot, count + 1);
    return true;
  }
  async give(key: string, windowSeconds: number, at: Date) {
    const slot = this.slot(key, windowSeconds, at);
    this.counts.set(slot, Math.max(0, (this.counts.get(slot) ?? 0) - 1));
  }
}

/** The e-mails handed to the mailer; `refusing` makes it refuse them, as a mail service that is down. */
class MemoryMailer implements Mailer {
  readonly sent: Email[] = [];
  refusing = false;
  async send(email: Email) {
    if (this.refusing) throw new Error('mail service refused the message');
    this.sent.push(email);
    return { messageId: `m-${this.sent.length}` };
  }
  linkTo(path: string) {
    return `https://refill.example${path}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// A money world: one online station, one person, the scripted gateway and every store the money use cases take

export const PERSON = 'person-1';
export const person = { sub: PERSON, username: 'made', email: 'made@example.com', givenName: 'Made', familyName: null };

export async function moneyWorld(start = new Date('2026-03-01T08:00:00Z')) {
  const base = await memoryVendWorld(start);
  const ledger = memoryLedger(base.users, base.clock);
  const vend = { ...base, ledger };
  const at = start.toISOString();
  await vend.machines.create({ id: STATION, name: 'Canggu Beach', status: 'online', lastHeartbeat: at, heartbeatReceivedAt: at, maxFillMl: 1500, createdAt: at, updatedAt: at });
  await vend.users.ensure({ id: PERSON, username: person.username, firstName: 'Made', lastName: null, email: person.email }, at);
  const orders = new MemoryOrders();
  const gateway = new ScriptedGateway();
  const mailer = new MemoryMailer();
  const withdrawals = new MemoryWithdrawals();
  const deps = {
    ...vend,
    paymentOrders: orders, paymentGateway: gateway, mailer, withdrawals, claims: new MemoryClaims(), quota: new MemoryQuota(), telemetry: new MemoryTelemetry(),
    openPaidSession: (order) => openPaidVendSession(order, vend), afterPaid,
  } satisfies GuestClaimDeps & WithdrawalDeps;

  /** A settled top-up of `amount`, paid `daysAgo` days before now, credited to `userId` as the gateway's status confirms it. */
  const paidTopup = async (amount: number, paymentMethod: PaymentMethod, daysAgo: number, userId = PERSON): Promise<TopupOrder> => {
    const now = vend.clock.now();
    const paidAt = new Date(now.getTime() - daysAgo * 86_400_000);
    const order: TopupOrder = {
      kind: 'topup', orderId: orderIdFor('topup', userId, crypto.randomUUID()), userId, amount, paymentMethod, idempotencyKey: 'k', fingerprint: 'f', ...newOrderState(paidAt.toISOString()),
    };
    await orders.create(order);
    gateway.pay(order.orderId, { amount, method: paymentMethod });
    vend.clock.set(paidAt);
    await applyGatewayReport(order, report(order, 'settled', 'settlement'), deps);
    vend.clock.set(now);
    return (await orders.get(order.orderId)) as TopupOrder;
  };
  /**
   * A guest pays a refill of `volumeMl` at the station (Google Pay, captured at once, unless `request` says otherwise):
   * the order, its receipt's secret, its session and the guest account its money is in.
   */
  const guestPays = async (volumeMl: number, request: Partial<GuestOrderRequest> = {}) => {
    const view = await createGuestOrder({
      request: { stationId: STATION, volumeMl, paymentMethod: 'google_pay', walletToken: 'wallet-token', ...request }, idempotencyKey: crypto.randomUUID(), client: '198.51.100.7',
    }, deps);
    return { id: view.id, secret: view.secret, sessionId: paidSessionId(view.id), account: (await orders.get(view.id))!.userId };
  };
  /** The station reports what it dispensed for the refill (vend/complete), and the table's stream settles its order. */
  const dispenses = async (refill: { sessionId: string }, dispensedMl: number) => {
    await completeVend({ stationId: STATION, sessionId: refill.sessionId, dispensedMl }, vend);
    return settleGuestSession(refill.sessionId, deps);
  };
  const balance = (userId: string) => vend.users.items.get(userId)?.balance ?? 0;
  const owed = (userId: string) => vend.users.items.get(userId)?.owed ?? 0;
  return { ...deps, deps, vend, orders, gateway, mailer, withdrawals, paidTopup, guestPays, dispenses, balance, owed };
}
