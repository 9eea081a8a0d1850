import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoWithdrawals } from '../adapters/dynamodb/withdrawals';
import type { WithdrawalDeps } from '../domain/withdrawals';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import { paymentDeps } from './payment-deps';
import { provider } from './provider';

const withdrawals = provider(() => {
  const table = setting('TABLE_NAME');
  return new DynamoWithdrawals(traced(createDocumentClient({ tableName: table, region: awsRegion() })), table);
});

/** Withdrawals: the payment deps (table, gateway, mailer on first use) and the withdrawal records. */
export const withdrawalDeps = (): WithdrawalDeps => Object.assign(paymentDeps(), { withdrawals: withdrawals() });
