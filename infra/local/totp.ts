import { createHmac } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238) as Cognito's SOFTWARE_TOKEN_MFA checks them: HMAC-SHA1 over the 30-second
 * step, 6 digits, the secret in base32 (what AssociateSoftwareToken answers). For scripts and tests that sign in an
 * account with TOTP enrolled (the seeded admin's `totpSecret` in .local/outputs.json).
 */
export function totpCode(base32Secret: string, at: number = Date.now()): string {
  const step = Math.floor(at / 1000 / 30);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(base32Secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, case and padding ignored. */
function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 secret: '${char}'`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}
