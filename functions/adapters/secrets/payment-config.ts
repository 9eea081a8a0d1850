import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { ApplePayMerchantIdentity } from '../apple-pay/merchant-session';

/**
 * Where the payment gateway's keys come from. Never from the browser, never from the bundle.
 * - Locally: env MIDTRANS_SERVER_KEY selects Midtrans (a SB-Mid-server-... key talks to Midtrans' sandbox);
 *   without it the sandbox gateway runs, signing with env SANDBOX_SERVER_KEY (infra/local/stack.ts sets a
 *   random one per start).
 * - In AWS: env PAYMENT_SECRET_ARN names a Secrets Manager secret, JSON:
 *   {"provider":"midtrans","serverKey":"Mid-server-...","applePay":{"merchantIdentifier":"merchant....","displayName":"Bali Refill","certificatePem":"...","privateKeyPem":"..."}}
 *   The placeholder CloudFormation creates ({"provider":"sandbox","placeholder":"<random>"}) selects the
 *   sandbox, which then signs with that random placeholder.
 */
export interface PaymentConfig {
  provider: 'sandbox' | 'midtrans';
  serverKey: string;
  /** Midtrans: production keys do not start with SB-. */
  production: boolean;
  notificationUrl?: string;
  applePay?: ApplePayMerchantIdentity;
}

/** Only for a sandbox started without any key at all (never in AWS, where the secret always exists). */
export const DEV_SANDBOX_SERVER_KEY = 'SB-Mid-server-local-sandbox-not-secret';

export type SecretReader = (secretId: string) => Promise<string>;

let client: SecretsManagerClient | undefined;
export const secretsManagerReader: SecretReader = async (secretId) => {
  client ??= new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return SecretString;
};

function applePayFrom(value: unknown): ApplePayMerchantIdentity | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const s = (k: string) => (typeof v[k] === 'string' && v[k] ? (v[k] as string) : null);
  const merchantIdentifier = s('merchantIdentifier'), certificatePem = s('certificatePem'), privateKeyPem = s('privateKeyPem');
  if (!merchantIdentifier || !certificatePem || !privateKeyPem) return undefined;
  return { merchantIdentifier, certificatePem, privateKeyPem, displayName: s('displayName') ?? 'Bali Refill' };
}

export async function loadPaymentConfig(env: NodeJS.ProcessEnv = process.env, readSecret: SecretReader = secretsManagerReader): Promise<PaymentConfig> {
  const notificationUrl = env.PAYMENT_NOTIFICATION_URL || undefined;
  if (env.MIDTRANS_SERVER_KEY) {
    const serverKey = env.MIDTRANS_SERVER_KEY;
    return { provider: 'midtrans', serverKey, production: !serverKey.startsWith('SB-'), notificationUrl };
  }
  if (env.PAYMENT_SECRET_ARN) {
    const raw = await readSecret(env.PAYMENT_SECRET_ARN);
    let secret: Record<string, unknown>;
    try {
      secret = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      throw new Error('The payment secret is not JSON');
    }
    const applePay = applePayFrom(secret.applePay);
    if (secret.provider === 'midtrans') {
      if (typeof secret.serverKey !== 'string' || !secret.serverKey) throw new Error('The payment secret selects midtrans but has no serverKey');
      return { provider: 'midtrans', serverKey: secret.serverKey, production: !secret.serverKey.startsWith('SB-'), notificationUrl, applePay };
    }
    const sandboxKey = typeof secret.sandboxServerKey === 'string' ? secret.sandboxServerKey : typeof secret.placeholder === 'string' ? secret.placeholder : null;
    if (!sandboxKey) throw new Error('The payment secret selects the sandbox but has no key to sign with');
    return { provider: 'sandbox', serverKey: sandboxKey, production: false, notificationUrl, applePay };
  }
  return { provider: 'sandbox', serverKey: env.SANDBOX_SERVER_KEY || DEV_SANDBOX_SERVER_KEY, production: false, notificationUrl };
}
