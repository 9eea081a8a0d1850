import { randomBytes, randomUUID } from 'node:crypto';
import { awsJson, awsJsonError, jsonBody, jsonTarget, type AwsAccount, type AwsHandler, type AwsRequest } from './http';

interface StoredSecret {
  arn: string;
  name: string;
  description?: string;
  versions: { id: string; value: string; createdAt: Date }[];
}

/** Secrets Manager's ARN of a secret: its name and six random characters. */
const secretArn = (account: AwsAccount, name: string) =>
  `arn:aws:secretsmanager:${account.region}:${account.accountId}:secret:${name}-${randomBytes(6).toString('base64url').slice(0, 6)}`;

/**
 * The local stand-in for AWS Secrets Manager (JSON protocol, `secretsmanager.<Operation>`): secrets created by the
 * caller (a deployment reads them from its template), read and written by the functions as in AWS.
 * GetSecretValue, PutSecretValue and DescribeSecret; versions are kept, AWSCURRENT is the latest.
 */
export class LocalSecretsManager {
  private readonly secrets = new Map<string, StoredSecret>();

  constructor(private readonly account: AwsAccount) {}

  /** Creates a secret; returns its ARN (given, as when a deployment already chose it, or made here). */
  create(secret: { name: string; value: string; description?: string; arn?: string }): string {
    const arn = secret.arn ?? secretArn(this.account, secret.name);
    this.secrets.set(arn, { arn, name: secret.name, description: secret.description, versions: [{ id: randomUUID(), value: secret.value, createdAt: new Date() }] });
    return arn;
  }

  /** A new current version of a secret (PutSecretValue); its version id. */
  put(secretId: string, value: string): string {
    const secret = this.find(secretId);
    if (!secret) throw new Error(`No secret ${secretId}`);
    const version = { id: randomUUID(), value, createdAt: new Date() };
    secret.versions.push(version);
    return version.id;
  }

  /** The current value, for the deployment's dynamic references ({{resolve:secretsmanager:...}}). */
  currentValue(secretId: string): string | undefined {
    return this.find(secretId)?.versions.at(-1)?.value;
  }

  /** By full ARN, by ARN without its random suffix, or by name: as Secrets Manager accepts SecretId. */
  find(secretId: string): StoredSecret | undefined {
    const exact = this.secrets.get(secretId);
    if (exact) return exact;
    for (const secret of this.secrets.values()) {
      if (secret.name === secretId || secret.arn.slice(0, -7) === secretId) return secret;
    }
    return undefined;
  }

  readonly handle: AwsHandler = async (request: AwsRequest) => {
    const target = jsonTarget(request);
    if (target?.prefix !== 'secretsmanager') return awsJsonError('UnknownOperationException', 'Not a Secrets Manager request');
    const input = jsonBody<{ SecretId?: string; SecretString?: string; VersionStage?: string; VersionId?: string }>(request);
    const secret = input.SecretId ? this.find(input.SecretId) : undefined;
    if (!secret) return awsJsonError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    switch (target.operation) {
      case 'GetSecretValue': {
        const version = input.VersionId ? secret.versions.find((v) => v.id === input.VersionId) : secret.versions.at(-1);
        if (!version) return awsJsonError('ResourceNotFoundException', "Secrets Manager can't find the specified secret value for VersionId");
        return awsJson({
          ARN: secret.arn,
          Name: secret.name,
          VersionId: version.id,
          SecretString: version.value,
          VersionStages: version === secret.versions.at(-1) ? ['AWSCURRENT'] : [],
          CreatedDate: version.createdAt.getTime() / 1000,
        });
      }
      case 'PutSecretValue': {
        if (typeof input.SecretString !== 'string') return awsJsonError('InvalidRequestException', 'You must provide either SecretString or SecretBinary.');
        return awsJson({ ARN: secret.arn, Name: secret.name, VersionId: this.put(secret.arn, input.SecretString), VersionStages: ['AWSCURRENT'] });
      }
      case 'DescribeSecret':
        return awsJson({
          ARN: secret.arn,
          Name: secret.name,
          Description: secret.description,
          VersionIdsToStages: Object.fromEntries(secret.versions.map((v, i) => [v.id, i === secret.versions.length - 1 ? ['AWSCURRENT'] : []])),
        });
      default:
        return awsJsonError('UnknownOperationException', `The local Secrets Manager does not implement ${target.operation}`);
    }
  };
}
