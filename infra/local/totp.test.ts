import { describe, expect, it } from 'vitest';
import { totpCode } from './totp';

// RFC 6238, appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; its 8-digit codes end in these 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totpCode (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('gives the test vector at %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('reads lower case and padding, and refuses what is not base32', () => {
    expect(totpCode(RFC_SECRET.toLowerCase() + '====', 59_000)).toBe('287082');
    expect(() => totpCode('NOT-BASE32!', 0)).toThrow(/base32/);
  });
});
