import { awsEndpoint } from '../../environment';
import { AwsHttpApi } from './aws-http-api';

/** Secrets Manager's JSON API (AWS_ENDPOINT_URL_SECRETS_MANAGER where the local cloud or the parity suite sets it). */
export const secretsManagerApi = (env: NodeJS.ProcessEnv = process.env) =>
  new AwsHttpApi({ signingName: 'secretsmanager', endpoint: awsEndpoint({ variable: 'SECRETS_MANAGER', host: 'secretsmanager' }, env) }, { env });

/** The string value of a secret (GetSecretValue, its current version). */
export async function secretString(api: AwsHttpApi, secretId: string): Promise<string> {
  const reply = await api.call({
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body: JSON.stringify({ SecretId: secretId }),
  });
  const { SecretString } = JSON.parse(new TextDecoder().decode(reply.body)) as { SecretString?: string };
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return SecretString;
}
