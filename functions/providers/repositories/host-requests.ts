import { DynamoHostRequests } from '../../adapters/dynamodb/host-requests';
import { provider } from '../provider';
import { table } from '../table';

export const hostRequests = /* @__PURE__ */ provider(() => new DynamoHostRequests(table().db, table().name));
