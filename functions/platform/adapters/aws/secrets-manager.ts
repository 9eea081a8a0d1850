import { AwsHttpApi } from './aws-http-api';

/** Secrets Manager's JSON API (AWS_ENDPOINT_URL_SECRETS_MANAGER where the local cloud or the parity suite sets it). */
export const secretsManagerApi = (env: NodeJS.ProcessEnv = process.env) =>
  AwsHttpApi.regional({ signingName: 'secretsmanager', variable: 'SECRETS_MANAGER', host: 'secretsmanager' }, { env });

/** The string value of a secret (GetSecretValue, its current version). */
export async function secretString(api: AwsHttpApi, secretId: string): Promise<string> {
  const { SecretString } = await api.jsonRpc<{ SecretString?: string }>('secretsmanager.GetSecretValue', { SecretId: secretId });
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return SecretString;
}
