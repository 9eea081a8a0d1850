import type { PaymentMethod } from '@shared/schemas';
import type { GatewayRefund, PaymentOutcome } from './payment-gateway';
import type { TransactionPart } from './transaction';

/**
 * Payment orders: a wallet top-up, or a direct wallet purchase of a refill (paid by Google Pay / Apple Pay).
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
  message: string | null;
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

export type PaymentOrder = TopupOrder | PurchaseOrder;

export type OrderPatch = Partial<Pick<PurchaseOrder,
  'status' | 'chargeState' | 'transactionId' | 'gatewayStatus' | 'qrString' | 'qrImageUrl' | 'deeplink' | 'message' | 'expiresAt' |
  'creditedAt' | 'checkedAt' | 'refunded' | 'sessionId' | 'sessionStatus'>>;

export interface PaymentOrders {
  /** Creates the order unless one with this id exists; returns the stored one otherwise. */
  create(order: PaymentOrder): Promise<{ created: true; order: PaymentOrder } | { created: false; order: PaymentOrder }>;
  get(orderId: string): Promise<PaymentOrder | null>;
  /**
   * Applies the patch; when `onlyIf` is given, only while the order's status is one of those (false otherwise).
   * Returns the order after the change, or null when the condition failed or the order does not exist.
   */
  update(orderId: string, patch: OrderPatch, onlyIf?: OrderStatus[]): Promise<PaymentOrder | null>;
  /**
   * The write that records one gateway refund on the order (status refunded, `refunded` + amount, its key), for the
   * ledger to commit with the debit; rejected when `refunded` is no longer `seen` or the key was applied, so that
   * concurrent refunds never take back more than was paid, nor one refund twice.
   */
  refunding(orderId: string, refund: GatewayRefund, seen: number, gatewayStatus: string): TransactionPart;
}
