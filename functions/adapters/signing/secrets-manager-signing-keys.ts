import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { JwkSigningKeys } from './jwk-signing-keys';

/** AWS: the key is the JSON secret string of SIGNING_KEY_SECRET_ARN ({"privateKeyPem": ...} or a private JWK), read once per container. */
export const secretsManagerSigningKeys = (client: SecretsManagerClient, secretId: string) =>
  new JwkSigningKeys(async () => {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
    try {
      return JSON.parse(SecretString) as unknown;
    } catch {
      throw new Error(`Secret ${secretId} is not JSON`);
    }
  });
