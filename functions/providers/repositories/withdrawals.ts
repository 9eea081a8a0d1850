import { DynamoWithdrawals } from '../../adapters/dynamodb/withdrawals';
import { provider } from '../provider';
import { table } from '../table';

export const withdrawals = /* @__PURE__ */ provider(() => new DynamoWithdrawals(table().db, table().name));
