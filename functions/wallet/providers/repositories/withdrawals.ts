import { DynamoWithdrawals } from '../../adapters/dynamodb/withdrawals';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const withdrawals = /* @__PURE__ */ provider(() => new DynamoWithdrawals(table().db, table().name));
