import { DynamoHostRequests } from '../../adapters/dynamodb/host-requests';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const hostRequests = /* @__PURE__ */ provider(() => new DynamoHostRequests(table().db, table().name));
