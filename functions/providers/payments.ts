import { configuredPayments } from '../adapters/secrets/payments';
import { provider } from './provider';

/** Midtrans when a server key is configured (env locally, Secrets Manager in AWS), else the sandbox gateway; with Apple Pay merchant validation. */
export const payments = provider(() => configuredPayments());
