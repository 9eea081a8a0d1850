import { ALARMED_METRICS } from '@functions/platform/alarmed-metrics';
import { unavailable } from '@functions/platform/domain/errors';
import { localOnlySetting, setting } from '@functions/platform/environment';
import { countMetric } from '@functions/platform/observability';
import type { ApplePayMerchantIdentity } from '../apple-pay/merchant-session';
import type { AwsHttpApi } from '@functions/platform/adapters/aws/aws-http-api';
import { secretsManagerApi, secretString } from '@functions/platform/adapters/aws/secrets-manager';

/**
 * Where the payment gateway's keys come from (docs/infrastructure.md, "Payments"). Never from the browser, never
 * from the bundle.
 * - PAYMENTS_MODE=live (every deployment unless `-c payments=sandbox`): Midtrans, with the server key of the
 *   PAYMENT_SECRET_ARN secret, JSON {"serverKey":"Mid-server-...","applePay":{...}}. While the secret still holds the
 *   placeholder CloudFormation created, payments answer 503 "Payments are not configured" and nothing is charged.
 * - PAYMENTS_MODE=sandbox (a test stage, and the local cloud): the sandbox gateway, which settles simulated payments.
 *   It signs its notifications with the secret's random placeholder (the local cloud: SANDBOX_SERVER_KEY).
 * Locally, MIDTRANS_SERVER_KEY with PAYMENTS_MODE=live tries Midtrans (a SB-Mid-server-... key is Midtrans' sandbox).
 */
export interface PaymentConfig {
  provider: 'sandbox' | 'midtrans';
  serverKey: string;
  /** Midtrans: production keys do not start with SB-. */
  production: boolean;
  notificationUrl: string;
  applePay?: ApplePayMerchantIdentity;
}

export type SecretReader = (secretId: string) => Promise<string>;

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';

let secretsManager: AwsHttpApi | undefined;
const secretsManagerReader: SecretReader = (secretId) => secretString((secretsManager ??= secretsManagerApi()), secretId);

function applePayFrom(value: unknown): ApplePayMerchantIdentity | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const s = (k: string) => (typeof v[k] === 'string' && v[k] ? (v[k] as string) : null);
  const merchantIdentifier = s('merchantIdentifier'), certificatePem = s('certificatePem'), privateKeyPem = s('privateKeyPem');
  if (!merchantIdentifier || !certificatePem || !privateKeyPem) return undefined;
  return { merchantIdentifier, certificatePem, privateKeyPem, displayName: s('displayName') ?? 'Bali Refill' };
}

async function readPaymentSecret(env: NodeJS.ProcessEnv, readSecret: SecretReader): Promise<Record<string, unknown>> {
  const raw = await readSecret(setting('PAYMENT_SECRET_ARN', env));
  try {
    const secret: unknown = JSON.parse(raw);
    if (secret && typeof secret === 'object') return secret as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new Error('The payment secret is not a JSON object');
}

function notConfigured(): never {
  countMetric(ALARMED_METRICS.paymentsNotConfigured.name);
  throw unavailable(PAYMENTS_NOT_CONFIGURED);
}

const midtrans = (serverKey: string, notificationUrl: string, applePay?: ApplePayMerchantIdentity): PaymentConfig => ({
  provider: 'midtrans', serverKey, production: !serverKey.startsWith('SB-'), notificationUrl, applePay,
});

export async function loadPaymentConfig(env: NodeJS.ProcessEnv = process.env, readSecret: SecretReader = secretsManagerReader): Promise<PaymentConfig> {
  const mode = setting('PAYMENTS_MODE', env);
  const notificationUrl = setting('PAYMENT_NOTIFICATION_URL', env);
  if (mode === 'sandbox') {
    const localKey = localOnlySetting('SANDBOX_SERVER_KEY', env);
    if (localKey) return { provider: 'sandbox', serverKey: localKey, production: false, notificationUrl };
    const secret = await readPaymentSecret(env, readSecret);
    if (typeof secret.placeholder !== 'string' || !secret.placeholder) throw new Error('The payment secret has no placeholder for the sandbox to sign with');
    return { provider: 'sandbox', serverKey: secret.placeholder, production: false, notificationUrl, applePay: applePayFrom(secret.applePay) };
  }
  if (mode !== 'live') throw new Error(`PAYMENTS_MODE must be "live" or "sandbox", not "${mode}"`);
  const localKey = localOnlySetting('MIDTRANS_SERVER_KEY', env);
  if (localKey) return midtrans(localKey, notificationUrl);
  const secret = await readPaymentSecret(env, readSecret);
  if (typeof secret.serverKey !== 'string' || !secret.serverKey.trim()) notConfigured();
  return midtrans(secret.serverKey.trim(), notificationUrl, applePayFrom(secret.applePay));
}
