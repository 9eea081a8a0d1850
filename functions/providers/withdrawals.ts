import type { PayoutDeps, WithdrawalDeps } from '../domain/withdrawals';
import { log } from '../observability';
import { mailer } from './mailer';
import { paymentDeps } from './payment-deps';
import * as repositories from './repositories';

/** Withdrawals: the payment deps (table, gateway, mailer on first use) and the withdrawal records. */
export const withdrawalDeps = (): WithdrawalDeps => Object.assign(paymentDeps(), { withdrawals: repositories.withdrawals() });

/** An operator's closing of a payout request: the withdrawal records, the ledger and the mailer (on first use); no gateway. */
export const payoutDeps = (): PayoutDeps => ({
  withdrawals: repositories.withdrawals(),
  ledger: repositories.ledger(),
  clock: repositories.clock(),
  log,
  get mailer() {
    return mailer();
  },
});
