import { DynamoUsers } from '../../adapters/dynamodb/users';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const users = /* @__PURE__ */ provider(() => new DynamoUsers(table().db, table().name));
