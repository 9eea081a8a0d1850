import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, originCheck } from './origin';

const secret = 'the-origin-secret-cloudfront-sends';
const saved = process.env.ORIGIN_VERIFY_SHA256;
afterEach(() => {
  process.env.ORIGIN_VERIFY_SHA256 = saved;
});

describe('the origin check (API only through CloudFront)', () => {
  it('lets through only the header whose SHA-256 is ORIGIN_VERIFY_SHA256', () => {
    process.env.ORIGIN_VERIFY_SHA256 = createHash('sha256').update(secret).digest('hex');
    const came = originCheck();
    expect(came({ [ORIGIN_VERIFY_HEADER]: secret })).toBe(true);
    expect(came({ [ORIGIN_VERIFY_HEADER]: `${secret}x` })).toBe(false);
    expect(came({ [ORIGIN_VERIFY_HEADER]: '' })).toBe(false);
    expect(came({})).toBe(false);
    expect(came(undefined)).toBe(false);
  });

  it('fails loudly when the setting is missing or not a SHA-256, rather than let anything through', () => {
    delete process.env.ORIGIN_VERIFY_SHA256;
    expect(() => originCheck()({ [ORIGIN_VERIFY_HEADER]: secret })).toThrow(/ORIGIN_VERIFY_SHA256 is not set/);
    process.env.ORIGIN_VERIFY_SHA256 = 'abc';
    expect(() => originCheck()({ [ORIGIN_VERIFY_HEADER]: secret })).toThrow(/64 digits/);
  });
});
