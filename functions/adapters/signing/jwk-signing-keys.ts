import { calculateJwkThumbprint, exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK } from 'jose';
import type { SigningKeys } from '../../ports/signing-keys';

/** Checks that a JWK is an ES256 (P-256) private key. */
export function assertEs256PrivateJwk(jwk: unknown): asserts jwk is JWK {
  const k = jwk as Partial<JWK> | null;
  if (!k || k.kty !== 'EC' || k.crv !== 'P-256' || typeof k.d !== 'string' || typeof k.x !== 'string' || typeof k.y !== 'string') {
    throw new Error('The signing key must be an EC P-256 private JWK (kty EC, crv P-256, with d)');
  }
}

/** A new ES256 private key as a JWK, for the signing secret or the local key file. */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return exportJWK(privateKey);
}

interface Loaded {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicKeyPem: string;
  keyId: string;
}

/** SigningKeys over a private JWK from any source; loads once and keeps the imported keys. */
export class JwkSigningKeys implements SigningKeys {
  private loaded?: Promise<Loaded>;

  constructor(private readonly loadJwk: () => Promise<unknown>) {}

  private load(): Promise<Loaded> {
    this.loaded ??= (async () => {
      const jwk = await this.loadJwk();
      assertEs256PrivateJwk(jwk);
      const { kty, crv, x, y } = jwk;
      const publicJwk = { kty, crv, x, y };
      const [privateKey, publicKey, keyId] = await Promise.all([
        importJWK({ kty, crv, x, y, d: jwk.d }, 'ES256', { extractable: false }) as Promise<CryptoKey>,
        importJWK(publicJwk, 'ES256', { extractable: true }) as Promise<CryptoKey>,
        calculateJwkThumbprint(publicJwk),
      ]);
      return { privateKey, publicKey, keyId, publicKeyPem: await exportSPKI(publicKey) };
    })();
    // A failed load (secret not reachable yet) is retried on the next call.
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  async privateKey() {
    return (await this.load()).privateKey;
  }
  async publicKey() {
    return (await this.load()).publicKey;
  }
  async publicKeyPem() {
    return (await this.load()).publicKeyPem;
  }
  async keyId() {
    return (await this.load()).keyId;
  }
}

/** Used where no key is configured: every use says so. */
export const unconfiguredSigningKeys: SigningKeys = {
  privateKey: missing,
  publicKey: missing,
  publicKeyPem: missing,
  keyId: missing,
};
function missing(): never {
  throw new Error('No signing key is configured: set SIGNING_KEY_SECRET_ARN (AWS) or SIGNING_KEY_FILE (local)');
}
