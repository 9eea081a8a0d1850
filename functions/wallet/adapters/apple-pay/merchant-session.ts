import { request } from 'node:https';
import { unavailable } from '@functions/platform/domain/errors';
import type { ApplePayMerchantValidator } from '../../ports/payment-gateway';

export interface ApplePayMerchantIdentity {
  merchantIdentifier: string;
  displayName: string;
  /** The Apple Pay merchant identity certificate and its private key (PEM), from Secrets Manager. */
  certificatePem: string;
  privateKeyPem: string;
}

/**
 * Apple Pay on the web, merchant validation: POST the validation URL Safari gave us, over TLS with the
 * merchant identity certificate, and hand Apple's merchant session to the browser unchanged.
 */
export class AppleMerchantSession implements ApplePayMerchantValidator {
  constructor(private readonly identity: ApplePayMerchantIdentity, private readonly timeoutMs = 10_000) {}

  merchantSession(validationURL: URL, domainName: string): Promise<Record<string, unknown>> {
    const payload = JSON.stringify({
      merchantIdentifier: this.identity.merchantIdentifier,
      displayName: this.identity.displayName,
      initiative: 'web',
      initiativeContext: domainName,
    });
    return new Promise((resolve, reject) => {
      const req = request(validationURL, {
        method: 'POST',
        cert: this.identity.certificatePem,
        key: this.identity.privateKeyPem,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: this.timeoutMs,
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) {
            console.warn(JSON.stringify({ level: 'warn', message: 'Apple Pay merchant validation refused', status: res.statusCode, body: text.slice(0, 500) }));
            return reject(unavailable('Apple Pay merchant validation failed'));
          }
          try {
            resolve(JSON.parse(text) as Record<string, unknown>);
          } catch {
            reject(unavailable('Apple Pay answered a merchant session that is not JSON'));
          }
        });
      });
      req.on('timeout', () => req.destroy(new Error('Apple Pay merchant validation timed out')));
      req.on('error', (error) => {
        console.warn(JSON.stringify({ level: 'warn', message: 'Apple Pay merchant validation failed', error: error.message }));
        reject(unavailable('Apple Pay merchant validation failed'));
      });
      req.end(payload);
    });
  }
}
