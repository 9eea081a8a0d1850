import { describe, expect, it } from 'vitest';
import { DEV_SANDBOX_SERVER_KEY, loadPaymentConfig } from './payment-config';
import { configuredPayments } from './payments';

const noSecrets = async () => {
  throw new Error('Secrets Manager must not be called');
};

describe('payment configuration', () => {
  it('uses Midtrans with MIDTRANS_SERVER_KEY; a SB- key is the Midtrans sandbox, others production', async () => {
    expect(await loadPaymentConfig({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-abc' }, noSecrets)).toMatchObject({ provider: 'midtrans', serverKey: 'SB-Mid-server-abc', production: false });
    expect(await loadPaymentConfig({ MIDTRANS_SERVER_KEY: 'Mid-server-live' }, noSecrets)).toMatchObject({ provider: 'midtrans', production: true });
  });

  it('reads the Secrets Manager secret in AWS: midtrans with its key and Apple Pay identity', async () => {
    const secret = { provider: 'midtrans', serverKey: 'Mid-server-live', applePay: { merchantIdentifier: 'merchant.id', certificatePem: 'CERT', privateKeyPem: 'KEY' } };
    const config = await loadPaymentConfig({ PAYMENT_SECRET_ARN: 'arn:secret' }, async (id) => (expect(id).toBe('arn:secret'), JSON.stringify(secret)));
    expect(config).toMatchObject({ provider: 'midtrans', serverKey: 'Mid-server-live', production: true, applePay: { merchantIdentifier: 'merchant.id', displayName: 'Bali Refill' } });
  });

  it('the placeholder CloudFormation creates selects the sandbox, signing with the random placeholder', async () => {
    const config = await loadPaymentConfig({ PAYMENT_SECRET_ARN: 'arn:secret' }, async () => JSON.stringify({ provider: 'sandbox', placeholder: 'r4nd0m' }));
    expect(config).toMatchObject({ provider: 'sandbox', serverKey: 'r4nd0m' });
    await expect(loadPaymentConfig({ PAYMENT_SECRET_ARN: 'a' }, async () => JSON.stringify({ provider: 'midtrans' }))).rejects.toThrow(/no serverKey/);
    await expect(loadPaymentConfig({ PAYMENT_SECRET_ARN: 'a' }, async () => 'not json')).rejects.toThrow(/not JSON/);
  });

  it('falls back to the local sandbox key, and takes the notification URL from the environment', async () => {
    expect(await loadPaymentConfig({}, noSecrets)).toMatchObject({ provider: 'sandbox', serverKey: DEV_SANDBOX_SERVER_KEY });
    expect(await loadPaymentConfig({ SANDBOX_SERVER_KEY: 'k', PAYMENT_NOTIFICATION_URL: 'http://127.0.0.1:9/api/payments/notification' }, noSecrets))
      .toMatchObject({ serverKey: 'k', notificationUrl: 'http://127.0.0.1:9/api/payments/notification' });
  });

  it('serves Apple Pay sandbox sessions in sandbox mode and refuses when Midtrans runs without an Apple identity', async () => {
    const sandbox = configuredPayments({ SANDBOX_SERVER_KEY: 'k' }, noSecrets);
    expect(await sandbox.applePay.merchantSession(new URL('https://apple-pay-gateway.apple.com/x'), 'refill.example')).toMatchObject({ domainName: 'refill.example', sandbox: true });
    const midtrans = configuredPayments({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' }, noSecrets);
    await expect(midtrans.applePay.merchantSession(new URL('https://apple-pay-gateway.apple.com/x'), 'refill.example')).rejects.toThrow(/not configured/);
  });
});
