import type { Language } from '@shared/language';
import type { GatewayRefund } from '../../ports/payment-gateway';

/**
 * What a test can tell the sandbox gateway, and what it can read of the sandbox's own books: refunds that go wrong as
 * a real gateway's do on a bad day (503, a lost answer, a slow one), and payers who pay at a moment the test chooses
 * (docs/payments.md, "The sandbox on a bad day"). The local cloud reaches its handlers' control over HTTP
 * (infra/local/sandbox-control.ts); a sandbox without one given has a control of its own, with no faults.
 */

/** Shares (0 to 1) of refund requests that meet each fault; each request meets at most one. */
export interface RefundFaults {
  /** Answered 503 before anything was done: nothing refunded. */
  unavailable: number;
  /** Refunded, but the answer is lost: the caller gives up after `timeoutMs` (GatewayUnavailable, as Midtrans' adapter times out). */
  timeout: number;
  /** Refunded at once, answered after `slowMs` (the refund's notification may arrive before the answer). */
  slow: number;
  timeoutMs: number;
  slowMs: number;
}

export type RefundFault = 'unavailable' | 'timeout' | 'slow';

/** A refund the sandbox made through its refund API: the gateway's own record, with when it was made. */
export interface MadeRefund extends GatewayRefund {
  orderId: string;
  at: string;
}

/** A card payment waiting on the sandbox's hosted page: what the page asks for, in whose language, and where it sends the payer after. */
export interface HostedPayment {
  amount: number;
  returnUrl: string | null;
  /** The payer's language when the order said it; else the page follows the browser that opens it. */
  language: Language | null;
}

const NO_REFUND_FAULTS: RefundFaults = { unavailable: 0, timeout: 0, slow: 0, timeoutMs: 0, slowMs: 0 };

export class SandboxControl {
  private faults: RefundFaults = NO_REFUND_FAULTS;
  /** How many refund requests met each fault since the sandbox started. */
  readonly injected: Record<RefundFault, number> = { unavailable: 0, timeout: 0, slow: 0 };
  /** Refunds made through the refund API, by order. */
  private readonly made = new Map<string, MadeRefund[]>();
  /** Orders whose payer has not paid yet, with what waits for the payment (the gateway's notifications). */
  private readonly unpaid = new Map<string, (() => void)[]>();
  /** When a payer the test held back paid. */
  private readonly paidAt = new Map<string, number>();
  /** The amount rule's refund of each order, settled when its time came (null: nothing was left to refund). */
  private readonly ruled = new Map<string, GatewayRefund | null>();
  /** Faults the next refund requests of an order meet, in order, before any share is drawn (a test's exact sequence). */
  private readonly queued = new Map<string, RefundFault[]>();

  /** Card payments opened on the hosted page, by order. */
  private readonly hosted = new Map<string, HostedPayment>();
  /**
   * Where the sandbox's hosted card page is served (the local cloud's control server); null where none is (a Lambda
   * in sandbox mode), and the sandbox then refuses card payments.
   */
  paymentPageUrl: string | null = null;

  constructor(private readonly random: () => number = Math.random) {}

  /** A card payment opens on the hosted page: its payer pays only there (`pay`, when the page's button is pressed). */
  openHostedPayment(orderId: string, payment: HostedPayment): string | null {
    if (!this.paymentPageUrl) return null;
    this.hosted.set(orderId, payment);
    this.payLater(orderId);
    return `${this.paymentPageUrl}/pay/${encodeURIComponent(orderId)}`;
  }

  hostedPaymentOf(orderId: string): HostedPayment | undefined {
    return this.hosted.get(orderId);
  }

  setRefundFaults(faults: Partial<RefundFaults>): RefundFaults {
    this.faults = { ...this.faults, ...faults };
    return this.faults;
  }

  get refundFaults(): RefundFaults {
    return this.faults;
  }

  /** The next refund requests of this order meet these faults, one each, in order. */
  failNextRefunds(orderId: string, faults: RefundFault[]): void {
    this.queued.set(orderId, [...(this.queued.get(orderId) ?? []), ...faults]);
  }

  /** The fault a refund request of this order meets, if any (counted). */
  drawRefundFault(orderId: string): RefundFault | null {
    const next = this.queued.get(orderId)?.shift();
    if (next) {
      this.injected[next]++;
      return next;
    }
    let roll = this.random();
    for (const fault of ['unavailable', 'timeout', 'slow'] as const) {
      if ((roll -= this.faults[fault]) < 0) {
        this.injected[fault]++;
        return fault;
      }
    }
    return null;
  }

  refundsOf(orderId: string): MadeRefund[] {
    return this.made.get(orderId) ?? [];
  }

  /** Every refund made, oldest first. */
  allRefunds(): MadeRefund[] {
    return [...this.made.values()].flat().sort((a, b) => a.at.localeCompare(b.at));
  }

  recordRefund(refund: MadeRefund): void {
    this.made.set(refund.orderId, [...this.refundsOf(refund.orderId), refund]);
  }

  /** The amount rule's refund of an order, once its time came; null before, or when nothing was left to refund. */
  ruledRefundOf(orderId: string): GatewayRefund | null {
    return this.ruled.get(orderId) ?? null;
  }

  /** Settles the amount rule's refund of an order the first time its time is reached; later calls change nothing. */
  settleRuledRefund(orderId: string, refund: GatewayRefund): void {
    if (!this.ruled.has(orderId)) this.ruled.set(orderId, refund.amount > 0 ? refund : null);
  }

  /** The payer of this order (not charged yet) pays only when `pay` is called: the charge stays pending until then. */
  payLater(orderId: string): void {
    if (!this.unpaid.has(orderId)) this.unpaid.set(orderId, []);
  }

  /** The payer pays now: what waited for the payment goes out. */
  pay(orderId: string, at = Date.now()): void {
    const waiting = this.unpaid.get(orderId);
    if (!waiting) return;
    this.unpaid.delete(orderId);
    this.paidAt.set(orderId, at);
    for (const run of waiting) run();
  }

  isUnpaid(orderId: string): boolean {
    return this.unpaid.has(orderId);
  }

  /** When a payer the test held back paid (ms), if it did. */
  paidAtOf(orderId: string): number | undefined {
    return this.paidAt.get(orderId);
  }

  /** Runs `run` when the order is paid; false (not run) when its payer is not held back. */
  whenPaid(orderId: string, run: () => void): boolean {
    const waiting = this.unpaid.get(orderId);
    if (!waiting) return false;
    waiting.push(run);
    return true;
  }
}

/**
 * The sandbox gateway's control in this process: the one the handlers' sandbox uses (functions/wallet/providers/payment-gateway.ts).
 * Pure, so that a live function's bundle, which leaves the sandbox out, leaves it out too.
 */
export const sandboxControl = /* @__PURE__ */ new SandboxControl();
