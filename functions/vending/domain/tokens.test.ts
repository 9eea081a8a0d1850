import { base64url, exportSPKI, generateKeyPair, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { KeyObject, sign } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NFC_TOKEN_AUDIENCE, NFC_TOKEN_TYPE, signNfcToken, signVendToken, TOKEN_ISSUER, verifyNfcToken, verifyVendToken } from './tokens';

let key: { privateKey: CryptoKey; publicKey: CryptoKey; keyId: string };
let other: CryptoKeyPair;
const now = new Date('2026-03-01T08:00:00Z');
const at = (secondsLater: number) => new Date(now.getTime() + secondsLater * 1000);

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  key = { ...pair, keyId: 'k1' };
  other = await generateKeyPair('ES256');
});

const nfc = () => signNfcToken({ jti: 'jti-1', userId: 'user-1', now, lifetimeSeconds: 300 }, key);

/** A token with the NFC token's header and claims, signed however the attacker likes. */
const forged = (claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) =>
  new SignJWT({ jti: 'jti-x', sub: 'user-1', aud: NFC_TOKEN_AUDIENCE, iss: TOKEN_ISSUER, iat: Math.floor(now.getTime() / 1000), exp: Math.floor(now.getTime() / 1000) + 300, ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: NFC_TOKEN_TYPE, ...header });

/** Signs whatever header and payload it is given, as a JOSE library would refuse to (crit, a payload not an object). */
const signedAsIs = (header: Record<string, unknown>, payload: string) => {
  const input = `${base64url.encode(JSON.stringify(header))}.${base64url.encode(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: KeyObject.from(key.privateKey), dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
};

describe('NFC token', () => {
  it('verifies a token it signed and returns jti, user and expiry', async () => {
    const { token, expiresAt } = await nfc();
    expect(expiresAt.toISOString()).toBe('2026-03-01T08:05:00.000Z');
    const result = await verifyNfcToken(token, key.publicKey, at(299));
    expect(result).toEqual({ ok: true, claims: { jti: 'jti-1', sub: 'user-1', exp: Math.floor(expiresAt.getTime() / 1000) } });
  });

  it('is expired from its expiry on, with no tolerance', async () => {
    const { token } = await nfc();
    expect(await verifyNfcToken(token, key.publicKey, at(300))).toMatchObject({ ok: false, failure: 'expired' });
    expect(await verifyNfcToken(token, key.publicKey, at(3600))).toMatchObject({ ok: false, failure: 'expired' });
  });

  it('refuses a token signed by another key', async () => {
    const token = await forged().sign(other.privateKey);
    expect(await verifyNfcToken(token, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it('refuses alg none', async () => {
    const token = new UnsecuredJWT({ jti: 'j', sub: 'user-1' }).setAudience(NFC_TOKEN_AUDIENCE).setIssuer(TOKEN_ISSUER).setIssuedAt().setExpirationTime('5m').encode();
    expect(await verifyNfcToken(token, key.publicKey, new Date())).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it('refuses HS256 keyed with the public key (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode(await exportSPKI(key.publicKey));
    const token = await forged({}, { alg: 'HS256' }).sign(secret);
    expect(await verifyNfcToken(token, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it('refuses another ECDSA algorithm', async () => {
    const p384 = await generateKeyPair('ES384');
    const token = await forged({}, { alg: 'ES384' }).sign(p384.privateKey);
    expect(await verifyNfcToken(token, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it('refuses a tampered payload (the signature no longer matches)', async () => {
    const { token } = await nfc();
    const [h, , s] = token.split('.');
    const payload = base64url.encode(JSON.stringify({ jti: 'jti-1', sub: 'someone-else', aud: NFC_TOKEN_AUDIENCE, iss: TOKEN_ISSUER, iat: 1, exp: 9_999_999_999 }));
    expect(await verifyNfcToken(`${h}.${payload}.${s}`, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it.each([
    ['another audience', { aud: 'somebody-else' }, {}],
    ['another issuer', { iss: 'evil' }, {}],
    ['no jti', { jti: undefined }, {}],
    ['no subject', { sub: undefined }, {}],
    ['no expiry', { exp: undefined }, {}],
    ['the vend token type', {}, { typ: 'vend+jwt' }],
    ['no type', {}, { typ: undefined }],
  ])('refuses a correctly signed token with %s', async (_label, claims, header) => {
    const token = await forged(claims, header).sign(key.privateKey);
    expect(await verifyNfcToken(token, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it('refuses a vend token presented as an NFC token', async () => {
    const { token } = await signVendToken({ sessionId: 's1', stationId: 'HRL-00001', maxMl: 1500, now, lifetimeSeconds: 60 }, key);
    expect(await verifyNfcToken(token, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it.each([
    ['a crit header (an extension it does not understand)', { crit: ['exp'] }, {}],
    ['an unencoded payload (b64)', { b64: false, crit: ['b64'] }, {}],
    ['an issued-at that is not a number', {}, { iat: 'yesterday' }],
    ['an expiry that is not a number', {}, { exp: '9999999999' }],
  ])('refuses a correctly signed token with %s', async (_label, header, claims) => {
    const valid = { jti: 'jti-x', sub: 'user-1', aud: NFC_TOKEN_AUDIENCE, iss: TOKEN_ISSUER, iat: Math.floor(now.getTime() / 1000), exp: Math.floor(now.getTime() / 1000) + 300 };
    const token = signedAsIs({ alg: 'ES256', typ: NFC_TOKEN_TYPE, ...header }, JSON.stringify({ ...valid, ...claims }));
    expect(await verifyNfcToken(token, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it('refuses a DER-encoded signature (ES256 signatures are the 64 bytes r || s)', async () => {
    const { token } = await nfc();
    const [h, p] = token.split('.');
    const der = sign('sha256', Buffer.from(`${h}.${p}`), { key: KeyObject.from(key.privateKey), dsaEncoding: 'der' }).toString('base64url');
    expect(await verifyNfcToken(`${h}.${p}.${der}`, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid', detail: 'signature verification failed' });
  });

  it('refuses a signed payload that is not a JSON object', async () => {
    const token = signedAsIs({ alg: 'ES256', typ: NFC_TOKEN_TYPE }, '[1,2]');
    expect(await verifyNfcToken(token, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid', detail: 'malformed payload' });
  });

  it('accepts the media type written in full, and an audience list that holds its audience', async () => {
    const token = await forged({ aud: ['other', NFC_TOKEN_AUDIENCE] }, { typ: `application/${NFC_TOKEN_TYPE}` }).sign(key.privateKey);
    expect(await verifyNfcToken(token, key.publicKey, now)).toMatchObject({ ok: true, claims: { jti: 'jti-x' } });
  });

  it('signs tokens that a standard JOSE library verifies (a station may use one)', async () => {
    const { token } = await signVendToken({ sessionId: 's1', stationId: 'HRL-00001', maxMl: 1500, now, lifetimeSeconds: 60 }, key);
    const { payload, protectedHeader } = await jwtVerify(token, key.publicKey, { algorithms: ['ES256'], audience: 'refill-vend', issuer: TOKEN_ISSUER, typ: 'vend+jwt', currentDate: now });
    expect(protectedHeader).toEqual({ alg: 'ES256', typ: 'vend+jwt', kid: 'k1' });
    expect(payload).toMatchObject({ sessionId: 's1', stationId: 'HRL-00001', maxMl: 1500, sub: 'HRL-00001', jti: 's1' });
  });

  it.each([[''], ['not.a.jwt'], ['a.b'], ['a.b.c.d'], ['..'], [42], [null], ['x'.repeat(5000)]])('refuses garbage %#', async (garbage) => {
    expect(await verifyNfcToken(garbage, key.publicKey, now)).toMatchObject({ ok: false, failure: 'invalid' });
  });
});

describe('vend token', () => {
  it('binds station, session and volume, from nbf to exp (60 s), by the station clock with 30 s of leeway either way', async () => {
    const { token, expiresAt } = await signVendToken({ sessionId: 's1', stationId: 'HRL-00001', maxMl: 1500, now, lifetimeSeconds: 60 }, key);
    expect(expiresAt.getTime() - now.getTime()).toBe(60_000);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.nbf).toBe(claims.iat);
    expect(claims.exp - claims.nbf).toBe(60);
    expect(await verifyVendToken(token, key.publicKey, at(59), 'HRL-00001')).toMatchObject({ ok: true, claims: { sessionId: 's1', stationId: 'HRL-00001', maxMl: 1500 } });
    // A station clock up to 30 s fast or slow still accepts it.
    expect(await verifyVendToken(token, key.publicKey, at(89), 'HRL-00001')).toMatchObject({ ok: true });
    expect(await verifyVendToken(token, key.publicKey, at(-30), 'HRL-00001')).toMatchObject({ ok: true });
    // Beyond the leeway: refused for time (the station resynchronises its clock and checks once more).
    expect(await verifyVendToken(token, key.publicKey, at(90), 'HRL-00001')).toMatchObject({ ok: false, failure: 'expired' });
    expect(await verifyVendToken(token, key.publicKey, at(-31), 'HRL-00001')).toMatchObject({ ok: false, failure: 'expired', detail: expect.stringMatching(/^not valid yet/) });
    expect(await verifyVendToken(token, key.publicKey, at(60), 'HRL-00001', 0)).toMatchObject({ ok: false, failure: 'expired' });
  });

  it('refuses a vend token without nbf', async () => {
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({ sessionId: 's1', stationId: 'HRL-00001', maxMl: 1500 }).setProtectedHeader({ alg: 'ES256', typ: 'vend+jwt' })
      .setIssuer(TOKEN_ISSUER).setAudience('refill-vend').setSubject('HRL-00001').setJti('s1').setIssuedAt(iat).setExpirationTime(iat + 60).sign(key.privateKey);
    expect(await verifyVendToken(token, key.publicKey, now, 'HRL-00001')).toMatchObject({ ok: false, failure: 'invalid', detail: expect.stringMatching(/nbf/) });
  });

  it('is refused by any other station', async () => {
    const { token } = await signVendToken({ sessionId: 's1', stationId: 'HRL-00001', maxMl: 1500, now, lifetimeSeconds: 60 }, key);
    expect(await verifyVendToken(token, key.publicKey, now, 'HRL-00002')).toMatchObject({ ok: false, failure: 'invalid' });
  });

  it('refuses an NFC token presented as a vend token, and one signed by another key', async () => {
    const { token } = await nfc();
    expect(await verifyVendToken(token, key.publicKey, now, 'HRL-00001')).toMatchObject({ ok: false, failure: 'invalid' });
    const { token: foreign } = await signVendToken({ sessionId: 's1', stationId: 'HRL-00001', maxMl: 1500, now, lifetimeSeconds: 60 }, { privateKey: other.privateKey, keyId: 'x' });
    expect(await verifyVendToken(foreign, key.publicKey, now, 'HRL-00001')).toMatchObject({ ok: false, failure: 'invalid' });
  });
});
