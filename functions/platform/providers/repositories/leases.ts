import { DynamoLeases } from '../../adapters/dynamodb/leases';
import { provider } from '../provider';
import { table } from '../table';

export const leases = /* @__PURE__ */ provider(() => new DynamoLeases(table().db, table().name));
