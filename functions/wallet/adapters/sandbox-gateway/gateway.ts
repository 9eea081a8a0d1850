import { randomUUID } from 'node:crypto';
import {
  GatewayRejected,
  GatewayUnavailable,
  type ChargeRequest,
  type ChargeResult,
  type GatewayRefund,
  type OrderRef,
  type PaymentGateway,
  type PaymentNotification,
  type RefundRequest,
} from '../../ports/payment-gateway';
import { isCardWallet, type PaymentMethod } from '@shared/schemas/transaction';
import { formatMidtransTime, mapStatus, signatureKey, toReport, verifyNotificationBody } from '../midtrans/protocol';
import { SandboxControl } from './control';
import { qrisPayload } from './qris';

/**
 * The sandbox payment gateway: the default where no Midtrans key is configured. It behaves like the gateway
 * from the outside: a charge answers pending (a QRIS string for qris and ovo, a QRIS string and an app
 * deeplink for gopay; a card the address of its hosted page, where the payer pays; card wallets capture at once), then it posts Midtrans-format notifications, signed
 * with its own server key exactly as Midtrans signs them, to our webhook, settling within a second.
 *
 * Rules (by the amount in rupiah), so that every outcome can be shown and tested:
 * - ending in 13 (10,013, 25,013 ...): declined. E-wallets: pending, then a `deny` notification; card wallets: declined at once.
 * - ending in 17 (10,017 ...): never paid. Only the `pending` notification; `expire` after the expiry window (15 minutes).
 * - ending in 21 (10,021 ...): paid, then refunded in full about 0.6 s after settling (`refund`).
 * - ending in 23 (10,023 ...): paid, then a third refunded about 0.6 s after settling (`partial_refund`).
 * - ending in 27 (10,027, 1,027 ...): paid, but every refund asked for is refused, as past the method's refund window.
 *   The refunds of 21 and 23 are like a refund made from the merchant's dashboard: at most what refunds asked for before
 *   them left of the payment (none when nothing was left).
 * - anything else: paid. `pending`, then `settlement` about 0.4 s later (card wallets: `capture` at once).
 *
 * Refunds we ask for (refund()) are made at once, one per key, and announced like Midtrans' (`refund` or
 * `partial_refund` notifications; the status API lists them). They are kept in this process's memory (its control,
 * ./control.ts, which can also make refunds fail or answer slowly, and hold a payer back): a sandbox in Lambda forgets
 * them with its container (the ledger and the order keep what was refunded either way).
 *
 * Without a notification URL (a Lambda in sandbox mode) nothing is posted; the status API answers the
 * same outcomes from the order's age, and GET /api/wallet/topup/{id} asks it when a notification is overdue.
 */

export type SandboxRule = 'decline' | 'unpaid' | 'pay' | 'refund' | 'partial-refund' | 'refuse-refunds';
const SANDBOX_DECLINE_SUFFIX = 13;
const SANDBOX_UNPAID_SUFFIX = 17;
const SANDBOX_REFUND_SUFFIX = 21;
const SANDBOX_PARTIAL_REFUND_SUFFIX = 23;
const SANDBOX_REFUSE_REFUNDS_SUFFIX = 27;

export function sandboxRule(amount: number): SandboxRule {
  const lastTwo = Math.abs(Math.trunc(amount)) % 100;
  if (lastTwo === SANDBOX_DECLINE_SUFFIX) return 'decline';
  if (lastTwo === SANDBOX_UNPAID_SUFFIX) return 'unpaid';
  if (lastTwo === SANDBOX_REFUND_SUFFIX) return 'refund';
  if (lastTwo === SANDBOX_PARTIAL_REFUND_SUFFIX) return 'partial-refund';
  if (lastTwo === SANDBOX_REFUSE_REFUNDS_SUFFIX) return 'refuse-refunds';
  return 'pay';
}

/** The refunds the sandbox makes on an order of this amount (each under its own key), and the status they leave. */
export function sandboxRefunds(orderId: string, amount: number): { status: 'refund' | 'partial_refund'; refunds: GatewayRefund[] } | null {
  const rule = sandboxRule(amount);
  if (rule === 'refund') return { status: 'refund', refunds: [{ key: `${orderId}-refund-1`, amount }] };
  if (rule === 'partial-refund') return { status: 'partial_refund', refunds: [{ key: `${orderId}-refund-1`, amount: Math.floor(amount / 3) }] };
  return null;
}

export interface SandboxOptions {
  /** Signs notifications like a Midtrans server key (locally a random key per start). */
  serverKey: string;
  /** Where to post notifications (our own POST /api/payments/notification); none in Lambda. */
  notificationUrl?: string;
  settleAfterMs?: number;
  pendingAfterMs?: number;
  /** Time from settling to the refund, for amounts that are refunded. */
  refundAfterMs?: number;
  expiryMs?: number;
  now?: () => Date;
  /** Its books and the faults it is told to make (default: a control of its own, no faults). */
  control?: SandboxControl;
  /** Replaces the HTTP post (tests). */
  post?: (url: string, body: Record<string, unknown>) => Promise<void>;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

const paymentTypeOf = (method: PaymentMethod) => (isCardWallet(method) || method === 'card' ? 'credit_card' : method === 'gopay' ? 'gopay' : 'qris');
const STATUS_CODES: Record<string, string> = { pending: '201', settlement: '200', capture: '200', deny: '202', expire: '407', cancel: '200', refund: '200', partial_refund: '200' };
const money = (amount: number) => `${amount}.00`;
/** A scheduled notification of the amount rule's refund, whose status is decided when it comes. */
const RULED_REFUND = 'ruled-refund';

export class SandboxGateway implements PaymentGateway {
  private readonly settleAfterMs: number;
  private readonly pendingAfterMs: number;
  private readonly refundAfterMs: number;
  private readonly expiryMs: number;
  private readonly now: () => Date;
  /** Transaction ids of charges made by this process (status answers reuse them). */
  private readonly transactions = new Map<string, string>();
  /** The refunds it made, the faults it makes and the payers held back. */
  private readonly control: SandboxControl;

  constructor(private readonly options: SandboxOptions) {
    if (!options.serverKey) throw new Error('Sandbox server key is empty');
    this.settleAfterMs = options.settleAfterMs ?? 400;
    this.pendingAfterMs = options.pendingAfterMs ?? 50;
    this.refundAfterMs = options.refundAfterMs ?? 600;
    this.expiryMs = options.expiryMs ?? 15 * 60_000;
    this.now = options.now ?? (() => new Date());
    this.control = options.control ?? new SandboxControl();
  }

  /** A notification body exactly as Midtrans would post it, signed with the sandbox server key. */
  notificationBody(order: { orderId: string; amount: number; method: PaymentMethod; transactionId: string }, transactionStatus: string, at: Date): Record<string, unknown> {
    const statusCode = STATUS_CODES[transactionStatus] ?? '200';
    const grossAmount = money(order.amount);
    return {
      transaction_time: formatMidtransTime(at),
      transaction_status: transactionStatus,
      transaction_id: order.transactionId,
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key: signatureKey(order.orderId, statusCode, grossAmount, this.options.serverKey),
      payment_type: paymentTypeOf(order.method),
      order_id: order.orderId,
      merchant_id: 'SANDBOX',
      gross_amount: grossAmount,
      fraud_status: transactionStatus === 'deny' ? 'deny' : 'accept',
      currency: 'IDR',
      ...this.refundFields(order, transactionStatus, at),
    };
  }

  /** Every refund of an order, as the gateway lists them: the amount rule's (once its time came) and those asked for. */
  private refundsOf(order: { orderId: string; amount: number }): GatewayRefund[] {
    const ruled = this.control.ruledRefundOf(order.orderId);
    return [...(ruled ? [ruled] : []), ...this.madeRefunds(order.orderId)];
  }

  /**
   * The amount rule's refund comes (as if made from the merchant's dashboard): like any refund, at most what the refunds
   * asked for before it left of the payment, and none when nothing was left. Settled once, the first time it is reached.
   */
  private reachRuledRefund(order: { orderId: string; amount: number }): void {
    const ruled = sandboxRefunds(order.orderId, order.amount)?.refunds[0];
    if (!ruled) return;
    const left = order.amount - this.madeRefunds(order.orderId).reduce((sum, r) => sum + r.amount, 0);
    this.control.settleRuledRefund(order.orderId, { key: ruled.key, amount: Math.min(ruled.amount, left) });
  }

  /** The status an order's refunds leave a paid order in. */
  private refundedStatus(order: { orderId: string; amount: number }, paidStatus: string): string {
    const refunded = this.refundsOf(order).reduce((sum, r) => sum + r.amount, 0);
    if (!refunded) return paidStatus;
    return refunded >= order.amount ? 'refund' : 'partial_refund';
  }

  /** A refund's fields, as Midtrans adds them to refund notifications and status answers: the latest amount and every refund. */
  private refundFields(order: { orderId: string; amount: number }, transactionStatus: string, at: Date) {
    const refunds = this.refundsOf(order);
    if (!refunds.length || (transactionStatus !== 'refund' && transactionStatus !== 'partial_refund')) return {};
    return {
      refund_amount: money(refunds.at(-1)!.amount),
      refunds: refunds.map((r, i) => ({ refund_chargeback_id: i + 1, refund_amount: money(r.amount), created_at: formatMidtransTime(at), reason: 'sandbox refund', refund_key: r.key })),
    };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new GatewayRejected('gross_amount must be a positive whole number', '400');
    const transactionId = randomUUID();
    this.transactions.set(request.orderId, transactionId);
    const now = this.now();
    const rule = sandboxRule(request.amount);
    const order = { orderId: request.orderId, amount: request.amount, method: request.method, transactionId };

    if (isCardWallet(request.method)) {
      if (!request.walletToken) throw new GatewayRejected('A wallet payment token is required', '400');
      if (rule === 'decline') {
        this.schedule(order, [['deny', 0]]);
        return this.result(transactionId, 'deny', { message: 'Card declined (sandbox: amounts ending in 13 are declined)' });
      }
      if (rule === 'unpaid') {
        // A card wallet has no "unpaid" state: the 3-D Secure challenge is never completed.
        this.schedule(order, [['expire', this.expiryMs]]);
        return this.result(transactionId, 'pending', { expiresAt: new Date(now.getTime() + this.expiryMs).toISOString() });
      }
      const refunded = sandboxRefunds(request.orderId, request.amount);
      this.schedule(order, [['capture', 0], ...(refunded ? [[RULED_REFUND, this.refundAfterMs] as [string, number]] : [])]);
      return this.result(transactionId, 'capture');
    }

    // A card is paid on the hosted page (as on Midtrans Snap): its payer is held until the page's button is pressed.
    const redirectUrl = request.method === 'card' ? this.control.openHostedPayment(request.orderId, { amount: request.amount, returnUrl: request.returnUrl ?? null, language: request.language ?? null }) : null;
    if (request.method === 'card' && !redirectUrl) throw new GatewayRejected('Card payments need the sandbox\'s hosted page, which only the local cloud serves', '400');
    const qrString = request.method === 'card' ? null : qrisPayload({ amount: request.amount, reference: request.orderId });
    const deeplink = request.method === 'gopay'
      ? `gojek://gopay/merchanttransfer?tref=${transactionId}&amount=${request.amount}&activity=GP:RR${request.returnUrl ? `&callback_url=${encodeURIComponent(request.returnUrl)}` : ''}`
      : null;
    const expiresAt = new Date(now.getTime() + this.expiryMs).toISOString();
    const plan: [string, number][] = [['pending', this.pendingAfterMs]];
    if (rule === 'decline') plan.push(['deny', this.settleAfterMs]);
    else if (rule === 'unpaid') plan.push(['expire', this.expiryMs]);
    else plan.push(['settlement', this.settleAfterMs]);
    const refunded = sandboxRefunds(request.orderId, request.amount);
    if (refunded) plan.push([RULED_REFUND, this.settleAfterMs + this.refundAfterMs]);
    // A payer held back by the test pays later: only `pending` goes out until then, the rest after the payment.
    const afterPayment = plan.filter(([status]) => status !== 'pending');
    if (this.control.whenPaid(request.orderId, () => this.schedule(order, afterPayment))) this.schedule(order, plan.filter(([status]) => status === 'pending'));
    else this.schedule(order, plan);
    return this.result(transactionId, 'pending', { qrString, deeplink, redirectUrl, expiresAt });
  }

  async verifyNotification(body: unknown): Promise<PaymentNotification> {
    return verifyNotificationBody(body, this.options.serverKey);
  }

  /**
   * The status API: the same outcome the notifications announce, from the order's age (from its payment, for a payer
   * the test held back), with every refund made.
   */
  async status(order: OrderRef): Promise<PaymentNotification | null> {
    const card = isCardWallet(order.method);
    const age = this.now().getTime() - Math.max(Date.parse(order.createdAt), (!card && this.control.paidAtOf(order.orderId)) || 0);
    const rule = sandboxRule(order.amount);
    const ruled = sandboxRefunds(order.orderId, order.amount);
    const settledAfter = card ? 0 : this.settleAfterMs;
    let status: string;
    if (rule === 'unpaid' || (!card && this.control.isUnpaid(order.orderId))) status = age >= this.expiryMs ? 'expire' : 'pending';
    else if (rule === 'decline') status = card || age >= this.settleAfterMs ? 'deny' : 'pending';
    else if (age < settledAfter) status = 'pending';
    else {
      if (ruled && age >= settledAfter + this.refundAfterMs) this.reachRuledRefund(order);
      status = this.refundedStatus(order, card ? 'capture' : 'settlement');
    }
    const transactionId = this.transactions.get(order.orderId) ?? `sandbox-${order.orderId}`;
    return toReport(this.notificationBody({ orderId: order.orderId, amount: order.amount, method: order.method, transactionId }, status, this.now()));
  }

  /**
   * Refunds part or all of a settled order at once, one refund per key (the same key again answers the refund made),
   * never more than what is left of the payment; then announces it like Midtrans (a refund notification). The
   * control's faults: a 503 before anything is done, a lost answer after the refund was made, a slow answer.
   */
  async refund(request: RefundRequest): Promise<GatewayRefund> {
    const fault = this.control.drawRefundFault(request.order.orderId);
    if (fault === 'unavailable') throw new GatewayUnavailable('The sandbox gateway answered 503');
    const made = await this.makeRefund(request);
    const { timeoutMs, slowMs } = this.control.refundFaults;
    if (fault === 'timeout') {
      await sleep(timeoutMs);
      throw new GatewayUnavailable(`The sandbox gateway did not answer within ${timeoutMs} ms`);
    }
    if (fault === 'slow') await sleep(slowMs);
    return made;
  }

  private async makeRefund(request: RefundRequest): Promise<GatewayRefund> {
    const { order } = request;
    const earlier = () => this.madeRefunds(order.orderId).find((r) => r.key === request.key);
    const found = earlier();
    if (found) return found;
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new GatewayRejected('refund amount must be a positive whole number', '400');
    if (sandboxRule(order.amount) === 'refuse-refunds') throw new GatewayRejected('The refund window of this payment method has passed', '412');
    const current = await this.status(order);
    // Asked twice at once with one key, the gateway makes one refund: the other request found it meanwhile.
    const meanwhile = earlier();
    if (meanwhile) return meanwhile;
    if (!current || !['settlement', 'capture', 'partial_refund'].includes(current.gatewayStatus)) {
      throw new GatewayRejected(`Only a settled payment can be refunded (this one is ${current?.gatewayStatus ?? 'unknown'})`, '412');
    }
    const refunded = current.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (refunded + request.amount > order.amount) throw new GatewayRejected('The refund is more than what is left of the payment', '412');
    const made = { key: request.key, amount: request.amount };
    this.control.recordRefund({ ...made, orderId: order.orderId, at: this.now().toISOString() });
    const transactionId = this.transactions.get(order.orderId) ?? `sandbox-${order.orderId}`;
    const status = refunded + request.amount >= order.amount ? 'refund' : 'partial_refund';
    this.schedule({ orderId: order.orderId, amount: order.amount, method: order.method, transactionId }, [[status, this.pendingAfterMs]]);
    return made;
  }

  /** The refunds made through refund() on an order, as the gateway lists them. */
  private madeRefunds(orderId: string): GatewayRefund[] {
    return this.control.refundsOf(orderId).map(({ key, amount }) => ({ key, amount }));
  }

  private result(transactionId: string, status: string, extra: Partial<ChargeResult> = {}): ChargeResult {
    return {
      transactionId,
      outcome: mapStatus(status, status === 'capture' ? 'accept' : null),
      gatewayStatus: status,
      qrString: null,
      qrImageUrl: null,
      deeplink: null,
      redirectUrl: null,
      expiresAt: null,
      message: null,
      ...extra,
    };
  }

  private schedule(order: { orderId: string; amount: number; method: PaymentMethod; transactionId: string }, plan: [string, number][]) {
    const url = this.options.notificationUrl;
    if (!url) return;
    let previous = Promise.resolve();
    for (const [status, delay] of plan) {
      const timer = setTimeout(() => {
        // Notifications of one order go out in order, like the gateway's.
        previous = previous.then(() => this.deliver(url, this.notificationBody(order, this.statusWhenDue(order, status), this.now())));
      }, delay);
      // A pending expiry must not keep a process (or a test run) alive.
      timer.unref?.();
    }
  }

  /** A scheduled status as it goes out: the amount rule's refund is decided when it comes (what is left of the payment then). */
  private statusWhenDue(order: { orderId: string; amount: number; method: PaymentMethod }, status: string): string {
    if (status !== RULED_REFUND) return status;
    this.reachRuledRefund(order);
    return this.refundedStatus(order, isCardWallet(order.method) ? 'capture' : 'settlement');
  }

  /** Posts like Midtrans: retried on failure (Midtrans retries non-2xx answers). */
  private async deliver(url: string, body: Record<string, unknown>): Promise<void> {
    const post = this.options.post ?? defaultPost;
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        await post(url, body);
        return;
      } catch (error) {
        this.options.log?.('sandbox notification failed', { orderId: body.order_id, status: body.transaction_status, attempt, error: (error as Error).message });
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt).unref?.());
      }
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function defaultPost(url: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'bali-refill-sandbox-gateway' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await response.text();
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
