import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors';
import { checkAppleValidationUrl } from './apple-pay';

/** Apple Pay merchant validation: only https URLs on apple.com. */

describe('Apple Pay validation URL', () => {
  it.each(['https://apple-pay-gateway.apple.com/paymentservices/startSession', 'https://apple-pay-gateway-cert.apple.com/paymentservices/paymentSession', 'https://cn-apple-pay-gateway.apple.com/x'])('accepts %s', (url) => {
    expect(checkAppleValidationUrl(url).hostname).toMatch(/apple\.com$/);
  });
  it.each(['https://evil.example/apple.com', 'https://apple.com.evil.example/x', 'http://apple-pay-gateway.apple.com/x', 'https://apple-pay-gateway.apple.com:8443/x', 'https://user:pw@apple-pay-gateway.apple.com/x', 'https://notapple.com/x', 'not a url'])('refuses %s with 400', (url) => {
    let error: unknown;
    try {
      checkAppleValidationUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(400);
  });
});
