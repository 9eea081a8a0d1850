import type { PayoutDeps, WithdrawalDeps } from '../domain/withdrawals';
import { log } from '../../platform/observability';
import { mailer } from '../../platform/providers/mailer';
import { paymentDeps } from './payment-deps';
import { clock } from '../../platform/providers/clock';
import { ledger } from './repositories/ledger';
import { withdrawals } from './repositories/withdrawals';

/** Withdrawals: the payment deps (table, gateway, mailer on first use) and the withdrawal records. */
export const withdrawalDeps = (): WithdrawalDeps => Object.assign(paymentDeps(), { withdrawals: withdrawals() });

/** An operator's closing of a payout request: the withdrawal records, the ledger and the mailer (on first use); no gateway. */
export const payoutDeps = (): PayoutDeps => ({
  withdrawals: withdrawals(),
  ledger: ledger(),
  clock: clock(),
  log,
  get mailer() {
    return mailer();
  },
});
