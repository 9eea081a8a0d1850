import { describe, expect, it } from 'vitest';
import { PAYMENTS_NOT_CONFIGURED } from '../adapters/secrets/payment-config';
import { configuredPaymentGateway } from './payment-gateway';

/** The gateway chooser: the sandbox's Apple Pay sessions, and no gateway at all without a key. */

const noSecrets = async () => {
  throw new Error('Secrets Manager must not be called');
};
const NOTIFY = 'https://refill.example/api/payments/notification';
const live = { PAYMENTS_MODE: 'live', PAYMENT_NOTIFICATION_URL: NOTIFY, PAYMENT_SECRET_ARN: 'arn:secret' };
const sandbox = { PAYMENTS_MODE: 'sandbox', PAYMENT_NOTIFICATION_URL: NOTIFY, PAYMENT_SECRET_ARN: 'arn:secret' };
const secretOf = (value: unknown) => async (id: string) => (expect(id).toBe('arn:secret'), JSON.stringify(value));

describe('the configured payment gateway', () => {
  it('serves Apple Pay sandbox sessions in sandbox mode and refuses when Midtrans runs without an Apple identity', async () => {
    const simulated = configuredPaymentGateway({ ...sandbox, SANDBOX_SERVER_KEY: 'k' }, noSecrets);
    expect(await simulated.applePay.merchantSession(new URL('https://apple-pay-gateway.apple.com/x'), 'refill.example')).toMatchObject({ domainName: 'refill.example', sandbox: true });
    const midtrans = configuredPaymentGateway({ ...live, MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' }, noSecrets);
    await expect(midtrans.applePay.merchantSession(new URL('https://apple-pay-gateway.apple.com/x'), 'refill.example')).rejects.toThrow(/not configured/);
  });

  it('a charge in a deployment without a key fails with 503 and never reaches a gateway', async () => {
    const { paymentGateway: gateway } = configuredPaymentGateway(live, secretOf({ serverKey: '', placeholder: 'p' }));
    await expect(gateway.charge({ orderId: 'o1', amount: 10_000, method: 'qris' } as never)).rejects.toMatchObject({ status: 503, message: PAYMENTS_NOT_CONFIGURED });
  });
});
