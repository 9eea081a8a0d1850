import { APPLE_PAY_METHOD, GOOGLE_PAY_METHOD } from '@shared/card-wallets';
import { CURRENCY } from '@shared/constants';
import { paymentMethodName } from '@shared/payment-methods';

/**
 * Google Pay and Apple Pay through the browser's Payment Request API, where the browser offers them.
 * The browser hands us a payment token; the server charges it through the payment gateway (the sandbox
 * locally). Nothing here holds a key: the identifiers below are public merchant ids.
 */
export type CardWallet = 'google_pay' | 'apple_pay';
export const CARD_WALLETS: readonly CardWallet[] = ['google_pay', 'apple_pay'];


/** docs/design.md, "Constants": Google Pay networks in the test environment; Apple Pay country ID, currency IDR. */
const GOOGLE_NETWORKS = ['AMEX', 'DISCOVER', 'MASTERCARD', 'VISA'];
const APPLE_NETWORKS = ['visa', 'masterCard', 'amex', 'discover'];

export interface WalletConfig {
  environment: 'TEST' | 'PRODUCTION';
  googleMerchantId: string;
  merchantName: string;
  /** The payment gateway's Google Pay tokenization parameters. */
  gateway: string;
  gatewayMerchantId: string;
  appleMerchantId: string;
}

export function walletConfig(env: Record<string, string | undefined> = import.meta.env as Record<string, string | undefined>): WalletConfig {
  return {
    environment: env.VITE_GOOGLE_PAY_ENVIRONMENT === 'PRODUCTION' ? 'PRODUCTION' : 'TEST',
    googleMerchantId: env.VITE_GOOGLE_PAY_MERCHANT_ID || 'TEST',
    merchantName: 'Bali Refill',
    gateway: env.VITE_PAYMENT_GATEWAY || 'midtrans',
    gatewayMerchantId: env.VITE_PAYMENT_GATEWAY_MERCHANT_ID || 'SANDBOX',
    appleMerchantId: env.VITE_APPLE_PAY_MERCHANT_ID || 'merchant.test.bali-refill.sandbox',
  };
}

export function methodData(wallet: CardWallet, config: WalletConfig): PaymentMethodData {
  if (wallet === 'google_pay') {
    return {
      supportedMethods: GOOGLE_PAY_METHOD,
      data: {
        environment: config.environment,
        apiVersion: 2,
        apiVersionMinor: 0,
        merchantInfo: { merchantId: config.googleMerchantId, merchantName: config.merchantName },
        allowedPaymentMethods: [{
          type: 'CARD',
          parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: GOOGLE_NETWORKS },
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: config.gateway, gatewayMerchantId: config.gatewayMerchantId } },
        }],
      },
    };
  }
  return {
    supportedMethods: APPLE_PAY_METHOD,
    data: {
      version: 3,
      merchantIdentifier: config.appleMerchantId,
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: APPLE_NETWORKS,
      countryCode: 'ID',
    },
  };
}

const paymentDetails = (amount: number, label: string): PaymentDetailsInit => ({
  total: { label, amount: { currency: CURRENCY, value: String(Math.round(amount)) } },
});

/** The user closed the sheet: not an error (docs/design.md, "Error texts": Google Pay user cancellation is ignored). */
export class WalletCancelled extends Error {
  constructor() {
    super('Payment was cancelled');
    this.name = 'WalletCancelled';
  }
}
/** The browser has no such wallet after all ('Google Pay not available' / 'Apple Pay not available'). */
export class WalletUnavailable extends Error {
  constructor(readonly wallet: CardWallet) {
    super(`${paymentMethodName(wallet)} not available`);
    this.name = 'WalletUnavailable';
  }
}
export class MerchantValidationFailed extends Error {
  constructor() {
    super('Merchant validation failed, session aborted');
    this.name = 'MerchantValidationFailed';
  }
}

type PaymentRequestCtor = typeof PaymentRequest;
const paymentRequestCtor = (): PaymentRequestCtor | undefined =>
  typeof globalThis !== 'undefined' && 'PaymentRequest' in globalThis ? (globalThis as { PaymentRequest?: PaymentRequestCtor }).PaymentRequest : undefined;

/**
 * Whether this browser can pay with the wallet. False when it cannot (no Payment Request API, no such
 * wallet, insecure context); a rejection means the wallet failed to load (docs/design.md, "Error texts": 'Google Pay Error').
 */
export async function canPayWith(wallet: CardWallet, config: WalletConfig = walletConfig(), Ctor: PaymentRequestCtor | undefined = paymentRequestCtor()): Promise<boolean> {
  if (!Ctor) return false;
  let request: PaymentRequest;
  try {
    request = new Ctor([methodData(wallet, config)], paymentDetails(1, config.merchantName));
  } catch {
    return false;
  }
  return Boolean(await request.canMakePayment());
}

export interface WalletPayment {
  /** The token the gateway charges: Google Pay's tokenizationData.token, Apple Pay's paymentData as JSON. */
  token: string;
  /** Tell the wallet sheet how it ended. */
  complete(result: 'success' | 'fail'): Promise<void>;
}

interface MerchantValidationEventLike extends Event {
  validationURL: string;
  complete(session: Promise<unknown> | unknown): void;
}

/**
 * Shows the wallet's sheet for `amount` and returns its payment token. Throws WalletCancelled when the user
 * closes it, WalletUnavailable when the browser cannot show it, MerchantValidationFailed when Apple Pay's
 * merchant validation fails (the session is aborted), any other Error for other failures.
 */
export async function payWithWallet(
  wallet: CardWallet,
  options: { amount: number; label: string; validateMerchant?: (validationURL: string) => Promise<unknown>; config?: WalletConfig },
  Ctor: PaymentRequestCtor | undefined = paymentRequestCtor(),
): Promise<WalletPayment> {
  if (!Ctor) throw new WalletUnavailable(wallet);
  const config = options.config ?? walletConfig();
  const request = new Ctor([methodData(wallet, config)], paymentDetails(options.amount, options.label));
  let validationFailed = false;
  if (wallet === 'apple_pay') {
    request.addEventListener('merchantvalidation', (event: Event) => {
      const e = event as MerchantValidationEventLike;
      const session = (options.validateMerchant ?? (async () => { throw new Error('no merchant validation'); }))(e.validationURL).catch((error: unknown) => {
        validationFailed = true;
        void request.abort().catch(() => undefined);
        throw error;
      });
      e.complete(session);
    });
  }
  let response: PaymentResponse;
  try {
    response = await request.show();
  } catch (error) {
    if (validationFailed) throw new MerchantValidationFailed();
    const name = (error as Error)?.name;
    if (name === 'AbortError') throw new WalletCancelled();
    if (name === 'NotSupportedError') throw new WalletUnavailable(wallet);
    throw error instanceof Error ? error : new Error(String(error));
  }
  const details = response.details as Record<string, unknown> | undefined;
  const token = wallet === 'google_pay'
    ? ((details?.paymentMethodData as { tokenizationData?: { token?: unknown } } | undefined)?.tokenizationData?.token)
    : (details?.token as { paymentData?: unknown } | undefined)?.paymentData;
  if (token === undefined || token === null || token === '') {
    await response.complete('fail').catch(() => undefined);
    throw new Error(`${paymentMethodName(wallet)} returned no payment token`);
  }
  return {
    token: typeof token === 'string' ? token : JSON.stringify(token),
    complete: (result) => response.complete(result).catch(() => undefined),
  };
}
