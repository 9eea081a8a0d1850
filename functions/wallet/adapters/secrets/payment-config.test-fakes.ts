import { expect } from 'vitest';

/** The payment settings and secrets the configuration tests read (payment-config and the gateway chooser). */

export const noSecrets = async () => {
  throw new Error('Secrets Manager must not be called');
};
export const NOTIFY = 'https://refill.example/api/payments/notification';
export const live = { PAYMENTS_MODE: 'live', PAYMENT_NOTIFICATION_URL: NOTIFY, PAYMENT_SECRET_ARN: 'arn:secret' };
export const sandbox = { PAYMENTS_MODE: 'sandbox', PAYMENT_NOTIFICATION_URL: NOTIFY, PAYMENT_SECRET_ARN: 'arn:secret' };
export const secretOf = (value: unknown) => async (id: string) => (expect(id).toBe('arn:secret'), JSON.stringify(value));
