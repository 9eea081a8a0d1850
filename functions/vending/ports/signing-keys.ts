import type { KeyObject } from 'node:crypto';

/**
 * The ES256 key pair that signs NFC tokens (checked by the back end) and vend tokens (checked offline
 * by stations with the public key they receive at provisioning). The private key never leaves the adapter
 * except as a KeyObject for signing.
 */
export interface SigningKeys {
  privateKey(): Promise<KeyObject>;
  publicKey(): Promise<KeyObject>;
  /** SPKI PEM of the public key, as handed to stations. */
  publicKeyPem(): Promise<string>;
  /** Key id put in the JWT header (RFC 7638 thumbprint of the public key). */
  keyId(): Promise<string>;
}
