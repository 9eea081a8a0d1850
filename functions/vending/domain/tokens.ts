import { VEND_TOKEN_LEEWAY_SECONDS } from '@shared/constants';
import { signJwt, type TokenKey, verifyJwt } from './es256-jwt';

/**
 * The two signed tokens of the vend protocol, both ES256 JWTs signed with the same key but never
 * interchangeable: each has its own `typ` header and audience.
 * - NFC token: the app shows it, a station reads it and forwards it in vend/request. One-time (jti). It carries the
 *   offline allowance its reservation holds (millilitres and rupiah) and nbf/exp, so that a station without its
 *   connection can verify it on its own and dispense at most the allowance (docs/station-protocol.md, "Offline vends").
 * - Vend token: the back end's answer in vend/authorized, bound to one station, one session and a maximum
 *   volume, valid from nbf to exp; the station verifies it offline with the public key of its provisioning
 *   bundle, allowing its clock a leeway of VEND_TOKEN_LEEWAY_SECONDS (docs/station-protocol.md).
 */
export const NFC_TOKEN_AUDIENCE = 'refill-station';
export const NFC_TOKEN_TYPE = 'nfc+jwt';
const VEND_TOKEN_AUDIENCE = 'refill-vend';
const VEND_TOKEN_TYPE = 'vend+jwt';
export const TOKEN_ISSUER = 'bali-refill';

export interface NfcClaims {
  jti: string;
  /** The user id (Cognito sub). */
  sub: string;
  /** Seconds since the epoch. */
  exp: number;
  /** The offline allowance the token's reservation holds; absent on a token issued without one. */
  allowance?: OfflineAllowance;
}

/** What a token's reservation lets an offline station dispense: at most `ml`, and never more than `idr` at its price. */
export interface OfflineAllowance {
  ml: number;
  idr: number;
}

export interface VendClaims {
  /** The session id. */
  jti: string;
  /** The station id the vend is bound to. */
  sub: string;
  sessionId: string;
  stationId: string;
  maxMl: number;
  exp: number;
}

/** `expired` covers a vend token that is not valid yet too (outside nbf..exp even with the leeway): a clock matter. */
type TokenFailure = 'invalid' | 'expired';
export type Verified<T> = { ok: true; claims: T } | { ok: false; failure: TokenFailure; detail: string };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function signNfcToken(
  input: { jti: string; userId: string; now: Date; lifetimeSeconds: number; allowance?: OfflineAllowance },
  key: { privateKey: TokenKey; keyId: string },
): Promise<{ token: string; expiresAt: Date }> {
  const iat = seconds(input.now);
  const exp = iat + input.lifetimeSeconds;
  const allowance = input.allowance ? { allowanceMl: input.allowance.ml, allowanceIdr: input.allowance.idr } : {};
  const token = signJwt(
    { typ: NFC_TOKEN_TYPE, kid: key.keyId },
    { iss: TOKEN_ISSUER, aud: NFC_TOKEN_AUDIENCE, sub: input.userId, jti: input.jti, iat, nbf: iat, exp, ...allowance },
    key.privateKey,
  );
  return { token, expiresAt: new Date(exp * 1000) };
}

export async function signVendToken(
  input: { sessionId: string; stationId: string; maxMl: number; now: Date; lifetimeSeconds: number },
  key: { privateKey: TokenKey; keyId: string },
): Promise<{ token: string; expiresAt: Date }> {
  const iat = seconds(input.now);
  const exp = iat + input.lifetimeSeconds;
  const token = signJwt(
    { typ: VEND_TOKEN_TYPE, kid: key.keyId },
    {
      sessionId: input.sessionId, stationId: input.stationId, maxMl: input.maxMl,
      iss: TOKEN_ISSUER, aud: VEND_TOKEN_AUDIENCE, sub: input.stationId, jti: input.sessionId, iat, nbf: iat, exp,
    },
    key.privateKey,
  );
  return { token, expiresAt: new Date(exp * 1000) };
}

function verify(token: unknown, publicKey: TokenKey, now: Date, audience: string, typ: string, leewaySeconds = 0, required = ['jti', 'sub', 'exp', 'iat']) {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
    return { ok: false as const, failure: 'invalid' as const, detail: 'not a token' };
  }
  return verifyJwt(token, publicKey, { typ, issuer: TOKEN_ISSUER, audience, now, leewaySeconds, required });
}

const wholePositive = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Checks signature (ES256 only), typ, issuer, audience, expiry and the required claims. `leewaySeconds` is a station's
 * clock allowance (docs/station-protocol.md, "Offline vends"); the back end, whose clock is the reference, allows none.
 */
export async function verifyNfcToken(token: unknown, publicKey: TokenKey, now: Date, leewaySeconds = 0): Promise<Verified<NfcClaims>> {
  return nfcClaimsOf(verify(token, publicKey, now, NFC_TOKEN_AUDIENCE, NFC_TOKEN_TYPE, leewaySeconds));
}

/**
 * An offline vend's proof, delivered when its station reconnects (minutes or hours after the token expired): everything
 * verifyNfcToken checks but the time, which the station checked when it dispensed.
 */
export async function verifyOfflineProof(token: unknown, publicKey: TokenKey): Promise<Verified<NfcClaims>> {
  return nfcClaimsOf(verify(token, publicKey, new Date(), NFC_TOKEN_AUDIENCE, NFC_TOKEN_TYPE, Number.POSITIVE_INFINITY));
}

function nfcClaimsOf(result: ReturnType<typeof verify>): Verified<NfcClaims> {
  if (!result.ok) return result;
  const { jti, sub, exp, allowanceMl, allowanceIdr } = result.payload;
  if (typeof jti !== 'string' || !jti || jti.length > 128 || typeof sub !== 'string' || !sub || typeof exp !== 'number') {
    return { ok: false, failure: 'invalid', detail: 'malformed claims' };
  }
  if (allowanceMl === undefined && allowanceIdr === undefined) return { ok: true, claims: { jti, sub, exp } };
  if (!wholePositive(allowanceMl) || !wholePositive(allowanceIdr)) return { ok: false, failure: 'invalid', detail: 'malformed allowance' };
  return { ok: true, claims: { jti, sub, exp, allowance: { ml: allowanceMl, idr: allowanceIdr } } };
}

/**
 * What a station does with the vend token (docs/station-protocol.md): signature, validity from nbf to exp by its
 * own clock with a leeway (30 s), and that it is bound to this station.
 */
export async function verifyVendToken(token: unknown, publicKey: TokenKey, now: Date, stationId: string, leewaySeconds = VEND_TOKEN_LEEWAY_SECONDS): Promise<Verified<VendClaims>> {
  const result = verify(token, publicKey, now, VEND_TOKEN_AUDIENCE, VEND_TOKEN_TYPE, leewaySeconds, ['jti', 'sub', 'exp', 'iat', 'nbf']);
  if (!result.ok) return result;
  const { jti, sub, exp, sessionId, stationId: boundTo, maxMl } = result.payload;
  if (typeof jti !== 'string' || typeof sub !== 'string' || typeof exp !== 'number' || typeof sessionId !== 'string' || typeof boundTo !== 'string'
    || typeof maxMl !== 'number' || !Number.isInteger(maxMl) || maxMl <= 0) {
    return { ok: false, failure: 'invalid', detail: 'malformed claims' };
  }
  if (sub !== stationId || boundTo !== stationId) return { ok: false, failure: 'invalid', detail: `bound to station ${boundTo}` };
  return { ok: true, claims: { jti, sub, exp, sessionId, stationId: boundTo, maxMl } };
}
