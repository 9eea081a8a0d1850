import type { Language, Localized } from '@shared/language';
import type { PaymentMethod } from '@shared/schemas/transaction';
import type { GatewayRefund, PaymentOutcome } from './payment-gateway';

/**
 * The book's account of a refund on its way to the gateway (docs/architecture.md, "The book"): the money is moved
 * there before the gateway is asked, and the refund is taken from there (or the move voided when the gateway refuses).
 */
export const refundInFlightAccount = (refundKey: string) => `REFUNDING-${refundKey}`;

/** A guest order's own ledger account. */
export const guestAccountOf = (orderId: string) => `GUEST-${orderId}`;
const GUEST_ACCOUNT_PREFIX = guestAccountOf('');
/** The guest order whose ledger account this is, or null for a person's account. */
export const guestOrderOfAccount = (userId: string) => (userId.startsWith(GUEST_ACCOUNT_PREFIX) ? userId.slice(GUEST_ACCOUNT_PREFIX.length) : null);

/** The refunds we ask the gateway for on a guest order (at most 50 characters), each set aside first: the unused part, and a claim's credit. */
export const guestRefundKeys = {
  unused: (orderId: string) => `${orderId}-unused`,
  claim: (orderId: string) => `${orderId}-claim`,
};
/** Whether a refund's money was set aside in its in-flight account before the gateway was asked (a guest order's own refunds). */
export const refundWasSetAside = (order: Pick<PaymentOrder, 'kind' | 'orderId'>, refundKey: string) =>
  order.kind === 'guest' && (refundKey === guestRefundKeys.unused(order.orderId) || refundKey === guestRefundKeys.claim(order.orderId));
import type { TransactionPart } from '../../platform/ports/transaction';

/**
 * Payment orders: a wallet top-up, a direct wallet purchase of a refill (paid by Google Pay / Apple Pay), or a
 * guest's refill paid at the station without an account (docs/payments.md, "Guest orders").
 * One item per gateway order id; its status follows the gateway and only moves money through the ledger.
 */
export type OrderStatus = PaymentOutcome;

/** new: the record exists but the charge was not (or not surely) sent; charged: the gateway answered. */
type ChargeState = 'new' | 'charged' | 'unknown';

interface OrderBase {
  orderId: string;
  userId: string;
  amount: number;
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  chargeState: ChargeState;
  /** The caller's Idempotency-Key and a fingerprint of the request it was first used with. */
  idempotencyKey: string;
  fingerprint: string;
  transactionId: string | null;
  gatewayStatus: string | null;
  qrString: string | null;
  qrImageUrl: string | null;
  deeplink: string | null;
  /** The gateway's hosted page the payer pays on (a card); absent on orders from before it. */
  redirectUrl?: string | null;
  message: string | null;
  /** The message in both languages, when it was composed with numbers (docs/design.md, "Error texts"); stale unless its en is `message`. */
  messages?: Localized | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set once the wallet was credited (the ledger entry's id). */
  creditedAt?: string;
  /** Last time the gateway's status API was asked about this order. */
  checkedAt?: string;
  /** Rupiah taken back from the wallet (or recorded as owed) after gateway refunds; never more than the amount. */
  refunded?: number;
  /** The gateway's keys of the refunds applied, each once. */
  refundKeys?: string[];
}

export interface TopupOrder extends OrderBase {
  kind: 'topup';
}

export interface PurchaseOrder extends OrderBase {
  kind: 'purchase';
  machineId: string;
  machineName: string;
  volumeMl: number;
  /** The vend session opened for the refill once paid (null until then, or when it could not be opened). */
  sessionId: string | null;
  sessionStatus: string | null;
}

/**
 * A refill paid by a guest (no account) at the station's page: paid into a guest account of its own (userId
 * `GUEST-<orderId>`), held and settled like a purchase, and what was not dispensed refunded through the gateway.
 */
export interface GuestOrder extends Omit<PurchaseOrder, 'kind'> {
  kind: 'guest';
  /** SHA-256 (hex) of the receipt's secret: the order is read only with the secret (the receipt link). */
  secretHash: string;
  /** Where the receipt is e-mailed (optional). */
  email: string | null;
  /** The language of the request that made the order: its e-mails' (docs/architecture.md, "E-mail"); older orders: English. */
  language?: Language;
  /** Set when the refill ended (settled, or nothing dispensed) and the rest was refunded: the receipt is final. */
  closedAt?: string;
  dispensedMl?: number;
  charged?: number;
  /** When the receipt e-mail was handed to the mailer (once). */
  receiptMailedAt?: string;
  /**
   * SHA-256 (hex) of the second secret that opens the receipt: the one in the receipt e-mail's link, made when it is
   * mailed (the first is known only to the guest's browser, so the server cannot put it in a link later).
   */
  linkSecretHash?: string;
  /**
   * The gateway refused a refund (past its window, not refundable): the money stays in the guest account, a
   * liability to the guest (what the guest account holds), until it is claimed as wallet credit or an admin pays it out (docs/payments.md).
   */
  refundRefused?: { reason: string; at: string; keys: string[] };
  /** Claimed from the receipt by a signed-in account: its impact, and what the guest account held as wallet credit. */
  claimedBy?: string;
  claimedIdr?: number;
  claimedAt?: string;
  /** The claiming account's impact includes this order's millilitres (added once). */
  impactAddedAt?: string;
  /**
   * An admin paid what the guest account held outside the gateway (the audit): the latest payout, with `amount` the
   * total paid out so far (a claim credited after a payout, that the gateway also refuses, is paid out again).
   */
  paidOut?: { amount: number; by: string; note: string; at: string };
  /** The rate limits' slots the order took (its address's and its station's), given back once it is paid. */
  quotaKeys?: string[];
  quotaReturnedAt?: string;
}

/**
 * Where a guest order's held money went: claimed into an account (once per order), or paid out by an admin (once per
 * refusal that left money held: a payout names the payout it follows, if any).
 */
export type GuestHandover = Pick<GuestOrder, 'claimedBy' | 'claimedIdr' | 'claimedAt'> | Pick<GuestOrder, 'paidOut'>;

export type PaymentOrder = TopupOrder | PurchaseOrder | GuestOrder;
/** Orders that buy one refill at one station: opened as a vend session once paid. */
export type RefillOrder = PurchaseOrder | GuestOrder;

export type OrderPatch = Partial<Pick<GuestOrder,
  'status' | 'chargeState' | 'transactionId' | 'gatewayStatus' | 'qrString' | 'qrImageUrl' | 'deeplink' | 'redirectUrl' | 'message' | 'messages' | 'expiresAt' |
  'creditedAt' | 'checkedAt' | 'refunded' | 'sessionId' | 'sessionStatus' | 'closedAt' | 'dispensedMl' | 'charged'>>;

export interface PaymentOrders {
  /** Creates the order unless one with this id exists; returns the stored one otherwise. */
  create(order: PaymentOrder): Promise<{ created: true; order: PaymentOrder } | { created: false; order: PaymentOrder }>;
  get(orderId: string): Promise<PaymentOrder | null>;
  /**
   * Applies the patch; when `onlyIf` is given, only while the order's status is one of those (false otherwise). A
   * patch with `closedAt` closes the order once: a second closing (two settlers at once) changes nothing, so the time
   * a receipt showed stays its time. Returns the order after the change, or null when a condition failed or the order
   * does not exist.
   */
  update(orderId: string, patch: OrderPatch, onlyIf?: OrderStatus[]): Promise<PaymentOrder | null>;
  /**
   * The write that records one gateway refund on the order (status refunded, `refunded` + amount, its key), for the
   * ledger to commit with the debit; rejected when `refunded` is no longer `seen` or the key was applied, so that
   * concurrent refunds never take back more than was paid, nor one refund twice.
   */
  refunding(orderId: string, refund: GatewayRefund, seen: number, gatewayStatus: string): TransactionPart;
  /** Records a refused refund on a guest order and lists it for the admin (until its money is handed over). */
  recordRefusedRefund(orderId: string, refused: NonNullable<GuestOrder['refundRefused']>): Promise<GuestOrder | null>;
  /** Guest orders whose refused refund is still held, oldest first (the admin's payouts page). */
  listRefusedRefunds(limit: number): Promise<GuestOrder[]>;
  /**
   * The write that hands a guest order's money over, once, for the ledger to commit with the debit: rejected when it
   * was claimed before, or paid out since `previousPayoutAt` (the `paidOut.at` the caller read; absent: never paid out).
   */
  handingOver(orderId: string, handover: GuestHandover, previousPayoutAt?: string): TransactionPart;
  /**
   * The same hand-over when nothing is held (no money moves), with `together` (the kept refill's history row) in the
   * same write: the order after it, or null when it was handed over before.
   */
  handOver(orderId: string, handover: GuestHandover, previousPayoutAt?: string, together?: TransactionPart): Promise<GuestOrder | null>;
  /** Adds the order's millilitres to its claimant's impact, once: false when they were added before. */
  addImpactOnce(orderId: string, userId: string, dispensedMl: number, at: string): Promise<boolean>;
  /**
   * Marks the guest order's receipt as mailed, once, with the hash of its link's secret: false when it was marked before.
   * `undo` takes the mark back (the mailer refused).
   */
  markReceiptMailed(orderId: string, at: string, options?: { undo?: boolean; linkSecretHash?: string }): Promise<boolean>;
  /** Marks the guest order's rate-limit slots as given back, once: false when marked before. */
  markQuotaReturned(orderId: string, at: string): Promise<boolean>;
}
