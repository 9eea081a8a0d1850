import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { fileSigningKeys } from '../adapters/signing/file-signing-keys';
import { unconfiguredSigningKeys } from '../adapters/signing/jwk-signing-keys';
import { secretsManagerSigningKeys } from '../adapters/signing/secrets-manager-signing-keys';
import { traced } from '../observability';
import type { SigningKeys } from '../ports/signing-keys';
import { awsRegion } from '../adapters/region';
import { provider } from './provider';

/** The ES256 key of NFC and vend tokens: SIGNING_KEY_SECRET_ARN (Secrets Manager) in AWS, SIGNING_KEY_FILE locally. */
export function createSigningKeys(env: NodeJS.ProcessEnv = process.env): SigningKeys {
  if (env.SIGNING_KEY_FILE) return fileSigningKeys(env.SIGNING_KEY_FILE);
  if (env.SIGNING_KEY_SECRET_ARN) return secretsManagerSigningKeys(traced(new SecretsManagerClient({ region: awsRegion(env) })), env.SIGNING_KEY_SECRET_ARN);
  return unconfiguredSigningKeys;
}

export const signingKeys = provider(() => createSigningKeys());
