import { DynamoWithdrawals } from '../../adapters/dynamodb/withdrawals';
import { provider } from '../../../platform/providers/provider';
import { table } from '../../../platform/providers/table';

export const withdrawals = /* @__PURE__ */ provider(() => new DynamoWithdrawals(table().db, table().name));
