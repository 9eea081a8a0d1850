import { randomBytes, randomUUID } from 'node:crypto';
import type { ApplePayMerchantValidator } from '../../ports/payment-gateway';

/**
 * Sandbox Apple Pay merchant validation: answers a merchant session of the shape Apple returns, without
 * calling Apple (no merchant identity certificate exists locally). A real Safari refuses this session,
 * which is the honest outcome; the flow up to it is the same as in the cloud.
 */
export class SandboxMerchantSession implements ApplePayMerchantValidator {
  constructor(private readonly options: { merchantIdentifier?: string; displayName?: string; now?: () => Date } = {}) {}

  async merchantSession(_validationURL: URL, domainName: string): Promise<Record<string, unknown>> {
    const now = (this.options.now ?? (() => new Date()))().getTime();
    return {
      epochTimestamp: now,
      expiresAt: now + 60 * 60 * 1000,
      merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}_SANDBOX`,
      nonce: randomBytes(4).toString('hex'),
      merchantIdentifier: this.options.merchantIdentifier ?? 'merchant.test.bali-refill.sandbox',
      domainName,
      displayName: this.options.displayName ?? 'Bali Refill',
      signature: 'sandbox',
      operationalAnalyticsIdentifier: `Bali Refill:${randomUUID()}`,
      retries: 0,
      pspId: 'SANDBOX',
      sandbox: true,
    };
  }
}
