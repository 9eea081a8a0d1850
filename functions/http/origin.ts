import { createHash, timingSafeEqual } from 'node:crypto';
import { setting } from '../platform/environment';

/** The header CloudFront adds to every request it passes to the API (infra/constructs/web.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The API answers only what came through CloudFront, where the WAF's rate limits apply: CloudFront sends the origin
 * secret, and the function compares its SHA-256 with ORIGIN_VERIFY_SHA256 (the template holds neither the secret nor
 * anything it could be read from). A direct call to the execute-api endpoint is refused.
 */
export function originCheck(): (headers: Record<string, string | undefined> | undefined) => boolean {
  let expected: Buffer | undefined;
  return (headers) => {
    if (!expected) {
      const hex = setting('ORIGIN_VERIFY_SHA256');
      if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('ORIGIN_VERIFY_SHA256 must be a SHA-256 in hex (64 digits)');
      expected = Buffer.from(hex, 'hex');
    }
    const sent = headers?.[ORIGIN_VERIFY_HEADER];
    return sent !== undefined && timingSafeEqual(createHash('sha256').update(sent).digest(), expected);
  };
}
