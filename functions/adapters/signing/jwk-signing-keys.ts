import { createPrivateKey } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK } from 'jose';
import type { SigningKeys } from '../../ports/signing-keys';

const NOT_A_KEY = 'The signing key must be an EC P-256 private key: {"privateKeyPem":"<PKCS#8 PEM>"} or a private JWK (kty EC, crv P-256, with d)';

/**
 * The ES256 private key from what the signing secret holds (docs/infrastructure.md, "Secrets"): JSON with
 * `privateKeyPem` (PKCS#8, as `openssl genpkey` writes it, or SEC1), or a private JWK.
 */
export function signingJwkFrom(value: unknown): JWK {
  const pem = (value as { privateKeyPem?: unknown } | null)?.privateKeyPem;
  if (pem === null && 'placeholder' in (value as object)) throw new Error('The signing key secret still holds its placeholder: the deployment creates the key (docs/infrastructure.md, "Secrets")');
  let jwk = value as Partial<JWK> | null;
  if (typeof pem === 'string') {
    try {
      jwk = createPrivateKey(pem).export({ format: 'jwk' }) as JWK;
    } catch {
      throw new Error(NOT_A_KEY);
    }
  }
  if (!jwk || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new Error(NOT_A_KEY);
  }
  return jwk as JWK;
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
      const jwk = signingJwkFrom(await this.loadJwk());
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
