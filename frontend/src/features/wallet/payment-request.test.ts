import { describe, expect, it } from 'vitest';
import { canPayWith, MerchantValidationFailed, methodData, payWithWallet, WalletCancelled, walletConfig, WalletUnavailable } from './payment-request';

const config = walletConfig({});

/** A stand-in for the browser's PaymentRequest, scripted per test. */
function fakeCtor(script: { can?: boolean | Error; show?: () => Promise<unknown>; throwOnConstruct?: boolean; onShow?: (request: EventTarget) => void }) {
  const seen: { methods: PaymentMethodData[]; details: PaymentDetailsInit }[] = [];
  class Fake extends EventTarget {
    constructor(methods: PaymentMethodData[], details: PaymentDetailsInit) {
      super();
      if (script.throwOnConstruct) throw new TypeError('insecure');
      seen.push({ methods, details });
    }
    async canMakePayment() {
      if (script.can instanceof Error) throw script.can;
      return script.can ?? false;
    }
    async show() {
      script.onShow?.(this);
      return (script.show ?? (async () => { throw Object.assign(new Error('closed'), { name: 'AbortError' }); }))();
    }
    async abort() {}
  }
  return { Ctor: Fake as unknown as typeof PaymentRequest, seen };
}

describe('wallet availability', () => {
  it('is false without the Payment Request API, when the wallet is missing, or when construction is refused', async () => {
    expect(await canPayWith('google_pay', config, undefined)).toBe(false);
    expect(await canPayWith('google_pay', config, fakeCtor({ can: false }).Ctor)).toBe(false);
    expect(await canPayWith('apple_pay', config, fakeCtor({ throwOnConstruct: true }).Ctor)).toBe(false);
    expect(await canPayWith('google_pay', config, fakeCtor({ can: true }).Ctor)).toBe(true);
  });

  it('a wallet that fails to load rejects (the caller shows the Google Pay Error toast)', async () => {
    await expect(canPayWith('google_pay', config, fakeCtor({ can: new Error('script failed') }).Ctor)).rejects.toThrow('script failed');
  });

  it('asks Google Pay for cards of the networks of docs/design.md, "Constants" in the test environment, Apple Pay for country ID in IDR', () => {
    const google = methodData('google_pay', config) as { supportedMethods: string; data: { environment: string; allowedPaymentMethods: { parameters: { allowedCardNetworks: string[] } }[] } };
    expect(google.supportedMethods).toBe('https://google.com/pay');
    expect(google.data.environment).toBe('TEST');
    expect(google.data.allowedPaymentMethods[0]!.parameters.allowedCardNetworks).toEqual(['AMEX', 'DISCOVER', 'MASTERCARD', 'VISA']);
    const apple = methodData('apple_pay', config) as { supportedMethods: string; data: { countryCode: string; supportedNetworks: string[] } };
    expect(apple.supportedMethods).toBe('https://apple.com/apple-pay');
    expect(apple.data.countryCode).toBe('ID');
    expect(apple.data.supportedNetworks).toEqual(['visa', 'masterCard', 'amex', 'discover']);
  });
});

describe('paying with a wallet', () => {
  it('returns the Google Pay token and shows the amount in IDR', async () => {
    const completed: string[] = [];
    const { Ctor, seen } = fakeCtor({
      show: async () => ({ details: { paymentMethodData: { tokenizationData: { token: '{"signature":"x"}' } } }, complete: async (r: string) => void completed.push(r) }),
    });
    const payment = await payWithWallet('google_pay', { amount: 5_000, label: 'Bali Refill', config }, Ctor);
    expect(payment.token).toBe('{"signature":"x"}');
    expect(seen[0]!.details.total).toEqual({ label: 'Bali Refill', amount: { currency: 'IDR', value: '5000' } });
    await payment.complete('success');
    expect(completed).toEqual(['success']);
  });

  it('the user closing the sheet is a cancellation, not an error', async () => {
    await expect(payWithWallet('google_pay', { amount: 5_000, label: 'x', config }, fakeCtor({}).Ctor)).rejects.toBeInstanceOf(WalletCancelled);
  });

  it('NotSupportedError means the wallet is not available', async () => {
    const { Ctor } = fakeCtor({ show: async () => { throw Object.assign(new Error('no'), { name: 'NotSupportedError' }); } });
    const error = await payWithWallet('apple_pay', { amount: 5_000, label: 'x', config }, Ctor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletUnavailable);
    expect((error as Error).message).toBe('Apple Pay not available');
    await expect(payWithWallet('google_pay', { amount: 1, label: 'x', config }, undefined)).rejects.toThrow('Google Pay not available');
  });

  it('a failed Apple Pay merchant validation aborts the session', async () => {
    const { Ctor } = fakeCtor({
      onShow: (request) => {
        const event = Object.assign(new Event('merchantvalidation'), { validationURL: 'https://apple-pay-gateway.apple.com/x', complete: (p: Promise<unknown>) => void p.catch(() => undefined) });
        request.dispatchEvent(event);
      },
      show: async () => {
        await new Promise((r) => setTimeout(r, 10));
        throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      },
    });
    const error = await payWithWallet('apple_pay', { amount: 5_000, label: 'x', config, validateMerchant: async () => { throw new Error('400'); } }, Ctor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerchantValidationFailed);
    expect((error as Error).message).toBe('Merchant validation failed, session aborted');
  });

  it('serialises Apple Pay payment data for the gateway', async () => {
    const { Ctor } = fakeCtor({ show: async () => ({ details: { token: { paymentData: { version: 'EC_v1', data: 'abc' } } }, complete: async () => undefined }) });
    const payment = await payWithWallet('apple_pay', { amount: 5_000, label: 'x', config, validateMerchant: async () => ({}) }, Ctor);
    expect(JSON.parse(payment.token)).toEqual({ version: 'EC_v1', data: 'abc' });
  });
});
