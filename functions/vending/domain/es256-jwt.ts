import { KeyObject, sign, verify } from 'node:crypto';

/**
 * ES256 compact JWTs (RFC 7515, 7518 section 3.4, 7519) signed and checked with node:crypto's synchronous ECDSA.
 * The vend protocol signs and checks two of these per vend; WebCrypto (which a JOSE library uses) runs each on the
 * thread pool, which cost about 0.5 ms per operation and up to 4 ms at p99 on a busy event loop, against 0.05-0.1 ms
 * here (docs/scale.md, "Vend round trip"). Only what the vend protocol needs: one algorithm, no `crit` extensions.
 */

/** A key node:crypto signs or verifies with: its own KeyObject or a WebCrypto CryptoKey (a station's imported key). */
export type TokenKey = KeyObject | CryptoKey;

const ALGORITHM = 'ES256';
/** ES256 signatures are r || s, 32 bytes each (RFC 7518 section 3.4), never DER. */
const SIGNATURE_BYTES = 64;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

const keyObject = (key: TokenKey) => (key instanceof KeyObject ? key : KeyObject.from(key));
const encoded = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs `claims` with the header's `typ` and `kid`; `alg` is always ES256. */
export function signJwt(header: { typ: string; kid: string }, claims: Record<string, unknown>, privateKey: TokenKey): string {
  const input = `${encoded({ alg: ALGORITHM, ...header })}.${encoded(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key: keyObject(privateKey), dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

export interface JwtExpectations {
  typ: string;
  issuer: string;
  audience: string;
  now: Date;
  /** Seconds either way for exp and nbf (a station's clock). */
  leewaySeconds: number;
  /** Claims that must be present. */
  required: readonly string[];
}

/** `expired`: outside nbf..exp even with the leeway (a clock matter); `invalid`: anything else. */
export type JwtCheck = { ok: true; payload: Record<string, unknown> } | { ok: false; failure: 'invalid' | 'expired'; detail: string };

const invalid = (detail: string): JwtCheck => ({ ok: false, failure: 'invalid', detail });

function jsonObject(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** "application/x" and "x" name the same type, case-insensitively (RFC 7515 section 4.1.9). */
const mediaType = (typ: string) => typ.toLowerCase().replace(/^application\//, '');
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Checks the header (ES256 only, the expected typ), the signature, then issuer, audience, times and required claims. */
export function verifyJwt(token: string, publicKey: TokenKey, expected: JwtExpectations): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return invalid('not a compact JWS');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonObject(headerPart);
  if (!header) return invalid('malformed header');
  if (header.alg !== ALGORITHM) return invalid(`algorithm ${JSON.stringify(header.alg)} is not allowed`);
  // Extensions the recipient must understand (such as an unencoded payload): none is understood here.
  if ('crit' in header || 'b64' in header) return invalid('unsupported header parameter');
  if (typeof header.typ !== 'string' || mediaType(header.typ) !== mediaType(expected.typ)) return invalid(`unexpected typ ${JSON.stringify(header.typ)}`);
  if (!BASE64URL.test(signaturePart)) return invalid('malformed signature');
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed = signature.length === SIGNATURE_BYTES
    && verify('sha256', Buffer.from(`${headerPart}.${payloadPart}`), { key: keyObject(publicKey), dsaEncoding: 'ieee-p1363' }, signature);
  if (!signed) return invalid('signature verification failed');
  // Nothing of the payload is read before its signature is checked.
  const payload = jsonObject(payloadPart);
  if (!payload) return invalid('malformed payload');
  for (const claim of expected.required) if (!(claim in payload)) return invalid(`missing required "${claim}" claim`);
  if (payload.iss !== expected.issuer) return invalid('unexpected "iss" claim value');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(expected.audience)) return invalid('unexpected "aud" claim value');
  for (const claim of ['iat', 'nbf', 'exp'] as const) {
    if (claim in payload && !isNumber(payload[claim])) return invalid(`"${claim}" claim must be a number`);
  }
  const now = Math.floor(expected.now.getTime() / 1000);
  if (isNumber(payload.nbf) && payload.nbf > now + expected.leewaySeconds) return { ok: false, failure: 'expired', detail: 'not valid yet: "nbf" claim timestamp check failed' };
  if (isNumber(payload.exp) && payload.exp <= now - expected.leewaySeconds) return { ok: false, failure: 'expired', detail: '"exp" claim timestamp check failed' };
  return { ok: true, payload };
}
