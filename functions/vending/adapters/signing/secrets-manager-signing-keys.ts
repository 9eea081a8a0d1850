import type { AwsHttpApi } from '@functions/platform/adapters/aws/aws-http-api';
import { secretString } from '@functions/platform/adapters/aws/secrets-manager';
import { JwkSigningKeys } from './jwk-signing-keys';

/** AWS: the key is the JSON secret string of SIGNING_KEY_SECRET_ARN ({"privateKeyPem": ...} or a private JWK), read once per container. */
export const secretsManagerSigningKeys = (secretsManager: AwsHttpApi, secretId: string) =>
  new JwkSigningKeys(async () => {
    const value = await secretString(secretsManager, secretId);
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new Error(`Secret ${secretId} is not JSON`);
    }
  });
