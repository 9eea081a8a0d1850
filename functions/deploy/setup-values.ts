import { createHash, generateKeyPairSync } from 'node:crypto';
import { signingJwkFrom } from '../vending/adapters/signing/jwk-signing-keys';

/** What the stack hands the setup resource (infra/constructs/setup.ts). */
export interface SetupProperties {
  SigningKeySecretArn: string;
  OriginSecretArn: string;
  /** Given by `-c iotDataEndpoint=...`; looked up otherwise. */
  IotEndpoint?: string;
}

/** What the setup resource gives back to the stack (Fn::GetAtt). */
export interface SetupValues {
  IotEndpoint: string;
  OriginVerifySha256: string;
  /** Whether this deployment created the signing key or found one. */
  SigningKey: 'created' | 'kept';
  /** The account's job execution events are on (remote commands learn each station's result from them). */
  JobExecutionEvents: 'enabled';
}

export interface SetupPorts {
  readSecret(arn: string): Promise<string>;
  writeSecret(arn: string, value: string): Promise<void>;
  /** The account's iot:Data-ATS endpoint. */
  iotDataEndpoint(): Promise<string>;
  /** Turns on the account's IoT job execution events ($aws/events/jobExecution/...), which the commandResult rule reads. */
  enableJobExecutionEvents(): Promise<void>;
}

/** The secret value of a new ES256 station signing key, in the form docs/infrastructure.md documents. */
export function newSigningKeySecret(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return JSON.stringify({ privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() });
}

const holdsPlaceholder = (secret: string) => {
  try {
    const value = JSON.parse(secret) as Record<string, unknown>;
    return value.privateKeyPem === null && typeof value.placeholder === 'string';
  } catch {
    return false;
  }
};

/**
 * Values only a deployment can know (and the account's IoT job execution events, turned on): the IoT data endpoint, the station signing key (created once, while its secret
 * holds the placeholder; a key already there is never replaced, since every provisioned station trusts it), and the
 * SHA-256 the API functions check CloudFront's origin header against.
 */
export async function setupValues(props: SetupProperties, ports: SetupPorts): Promise<SetupValues> {
  const [endpoint, signingSecret, originSecret] = await Promise.all([
    props.IotEndpoint ? Promise.resolve(props.IotEndpoint) : ports.iotDataEndpoint(),
    ports.readSecret(props.SigningKeySecretArn),
    ports.readSecret(props.OriginSecretArn),
    ports.enableJobExecutionEvents(),
  ]);
  let signingKey: SetupValues['SigningKey'] = 'kept';
  if (holdsPlaceholder(signingSecret)) {
    await ports.writeSecret(props.SigningKeySecretArn, newSigningKeySecret());
    signingKey = 'created';
  } else {
    // Anything else must already be a usable key: fail the deployment rather than run with a broken one.
    signingJwkFrom(JSON.parse(signingSecret) as unknown);
  }
  return { IotEndpoint: endpoint, OriginVerifySha256: createHash('sha256').update(originSecret).digest('hex'), SigningKey: signingKey, JobExecutionEvents: 'enabled' };
}
