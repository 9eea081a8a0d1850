import { describe, expect, it } from 'vitest';
import { DomainError } from '@functions/platform/domain/errors';
import { loadPaymentConfig, PAYMENTS_NOT_CONFIGURED } from './payment-config';
import { live, noSecrets, NOTIFY, sandbox, secretOf } from './payment-config.test-fakes';

describe('payment configuration', () => {
  it('live: Midtrans with the key and Apple Pay identity of the payment secret', async () => {
    const secret = { serverKey: 'Mid-server-live', applePay: { merchantIdentifier: 'merchant.id', certificatePem: 'CERT', privateKeyPem: 'KEY' } };
    const config = await loadPaymentConfig(live, secretOf(secret));
    expect(config).toMatchObject({ provider: 'midtrans', serverKey: 'Mid-server-live', production: true, notificationUrl: NOTIFY, applePay: { merchantIdentifier: 'merchant.id', displayName: 'Bali Refill' } });
    expect(await loadPaymentConfig(live, secretOf({ serverKey: 'SB-Mid-server-abc' }))).toMatchObject({ provider: 'midtrans', production: false });
  });

  it('live with the placeholder CloudFormation creates (or an empty key): 503 "Payments are not configured", never the sandbox', async () => {
    for (const placeholder of [{ serverKey: '', placeholder: 'r4nd0m' }, { placeholder: 'r4nd0m' }, { serverKey: '   ' }]) {
      const error = await loadPaymentConfig(live, secretOf(placeholder)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ status: 503, message: PAYMENTS_NOT_CONFIGURED });
    }
    await expect(loadPaymentConfig(live, async () => 'not json')).rejects.toThrow(/not a JSON object/);
  });

  it('sandbox only when PAYMENTS_MODE says so, signing with the secret\'s random placeholder', async () => {
    expect(await loadPaymentConfig(sandbox, secretOf({ serverKey: '', placeholder: 'r4nd0m' }))).toMatchObject({ provider: 'sandbox', serverKey: 'r4nd0m' });
    expect(await loadPaymentConfig({ ...sandbox, SANDBOX_SERVER_KEY: 'k' }, noSecrets)).toMatchObject({ provider: 'sandbox', serverKey: 'k', notificationUrl: NOTIFY });
  });

  it('refuses a missing or unknown mode rather than guess', async () => {
    await expect(loadPaymentConfig({ PAYMENT_NOTIFICATION_URL: NOTIFY }, noSecrets)).rejects.toThrow(/PAYMENTS_MODE is not set/);
    await expect(loadPaymentConfig({ ...live, PAYMENTS_MODE: 'test' }, noSecrets)).rejects.toThrow(/must be "live" or "sandbox"/);
  });

  it('locally, MIDTRANS_SERVER_KEY tries Midtrans without a secret', async () => {
    expect(await loadPaymentConfig({ PAYMENTS_MODE: 'live', PAYMENT_NOTIFICATION_URL: NOTIFY, MIDTRANS_SERVER_KEY: 'SB-Mid-server-abc' }, noSecrets)).toMatchObject({ provider: 'midtrans', production: false });
  });
});
