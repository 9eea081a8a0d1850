import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { SigningKeys } from '../../ports/signing-keys';

/** An EC P-256 JWK; a private one has `d`. */
type JWK = JsonWebKey & { kty: string; crv: string; x: string; y: string };

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
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }) as JWK;
}

/** The key's RFC 7638 thumbprint: SHA-256 of its required members, in lexical order, without white space. */
const thumbprint = ({ crv, kty, x, y }: JWK) => createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');

interface Loaded {
  privateKey: KeyObject;
  publicKey: KeyObject;
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
      const { kty, crv, x, y, d } = jwk;
      const privateKey = createPrivateKey({ key: { kty, crv, x, y, d }, format: 'jwk' });
      const publicKey = createPublicKey(privateKey);
      return { privateKey, publicKey, keyId: thumbprint(jwk), publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string };
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
