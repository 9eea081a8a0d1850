import type { WithdrawalDeps } from '../domain/withdrawals';
import { paymentDeps } from './payment-deps';
import * as repositories from './repositories';

/** Withdrawals: the payment deps (table, gateway, mailer on first use) and the withdrawal records. */
export const withdrawalDeps = (): WithdrawalDeps => Object.assign(paymentDeps(), { withdrawals: repositories.withdrawals() });
