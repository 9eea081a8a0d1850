import type { Language } from '@shared/language';
import type { PaymentMethod } from '@shared/schemas/transaction';

/**
 * The payment gateway (docs/design.md, "Payments"). Two adapters serve it: Midtrans' Core API (PAYMENTS_MODE=live)
 * and the sandbox (PAYMENTS_MODE=sandbox: the local cloud and test stages only; functions/wallet/adapters/secrets/payment-config.ts). The browser never talks to the gateway with a key:
 * charges, status checks and notification signatures all happen here, with the server key.
 */

/** What a gateway status means for our books. Only `settled` moves money into the wallet. */
export type PaymentOutcome = 'pending' | 'settled' | 'failed' | 'expired' | 'refunded';

export interface ChargeRequest {
  /** Our order id, unique per payment; the gateway refuses a second charge with the same id. */
  orderId: string;
  /** Whole rupiah. */
  amount: number;
  method: PaymentMethod;
  /** Google Pay / Apple Pay payment token from the browser (card wallets only). */
  walletToken?: string;
  customer: { id: string; email: string | null; firstName: string | null; lastName: string | null };
  /** One line the customer sees in their e-wallet app, e.g. 'Wallet top-up'. */
  itemName: string;
  /**
   * The web page the gateway's return brings the payer back to (the order's page on the public site), never an app
   * scheme: a guest paying from a browser has no app to open. Absent: the gateway offers no way back.
   */
  returnUrl?: string;
  /**
   * The payer's language (that of the request that made the order), for a hosted page that speaks it: the sandbox's
   * card page. The Midtrans adapter does not send it.
   */
  language?: Language;
}

export interface ChargeResult {
  transactionId: string | null;
  outcome: PaymentOutcome;
  /** The gateway's own status word (pending, capture, settlement, deny ...), kept for support. */
  gatewayStatus: string;
  qrString: string | null;
  qrImageUrl: string | null;
  deeplink: string | null;
  /** The gateway's hosted page where the payer pays (a card on Midtrans Snap); the order page sends the browser there. */
  redirectUrl: string | null;
  /** When the gateway expires the unpaid charge. */
  expiresAt: string | null;
  /** A message the customer may see (declines). */
  message: string | null;
}

/** One refund the gateway made on an order, under its own key. */
export interface GatewayRefund {
  key: string;
  /** Whole rupiah. */
  amount: number;
}

/** A verified status report from the gateway (webhook or status query). */
export interface PaymentNotification {
  orderId: string;
  transactionId: string | null;
  outcome: PaymentOutcome;
  gatewayStatus: string;
  fraudStatus: string | null;
  paymentType: string | null;
  /** Whole rupiah the order was for, as the gateway reports it. */
  grossAmount: number;
  /** For refunds: the rupiah refunded by this event, and the gateway's key for it (several partial refunds may follow). */
  refundAmount: number | null;
  refundKey: string | null;
  /** Every refund the report lists (the status API lists all of the order's refunds). */
  refunds: GatewayRefund[];
  message: string | null;
}

export interface OrderRef {
  orderId: string;
  amount: number;
  method: PaymentMethod;
  createdAt: string;
}

/** A refund we ask the gateway for: part or all of a settled order, once per key. */
export interface RefundRequest {
  order: OrderRef;
  /** Whole rupiah, at most what is left of the order. */
  amount: number;
  /** Our refund key: the gateway makes one refund per key, so asking again with the same key refunds nothing more. */
  key: string;
  reason: string;
}

export interface PaymentGateway {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Refunds part or all of a settled order (Midtrans' refund API; the sandbox's stand-in), idempotent on the key:
   * resolves with the refund the gateway made (or had made) under that key. Throws GatewayRejected when the gateway
   * refuses it (not settled, beyond the refund window, more than was paid), GatewayUnavailable when unreachable.
   */
  refund(request: RefundRequest): Promise<GatewayRefund>;
  /**
   * Verifies a webhook body exactly as the gateway signs it and normalises it.
   * Throws SignatureRejected when the signature does not match (nothing may be trusted from such a body).
   */
  verifyNotification(body: unknown): Promise<PaymentNotification>;
  /**
   * Asks the gateway for the order's current status (authenticated with the server key), with every refund it made;
   * null when it does not know the order. A notification moves money only when this agrees with it.
   */
  status(order: OrderRef): Promise<PaymentNotification | null>;
}

/** Apple Pay on the web: the merchant session the browser needs before showing the sheet. */
export interface ApplePayMerchantValidator {
  /** `validationURL` is already checked to be on apple.com. */
  merchantSession(validationURL: URL, domainName: string): Promise<Record<string, unknown>>;
}

/** A webhook whose signature does not match: answered 403, nothing is read from it. */
export class SignatureRejected extends Error {
  constructor(message = 'Invalid signature') {
    super(message);
    this.name = 'SignatureRejected';
  }
}

/** The gateway refused the request itself (bad parameters, duplicate order id, method not enabled). */
export class GatewayRejected extends Error {
  constructor(message: string, readonly statusCode: string | null = null) {
    super(message);
    this.name = 'GatewayRejected';
  }
}

/** The gateway could not be reached or answered 5xx: the charge may or may not exist; ask its status later. */
export class GatewayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailable';
  }
}
