import { DynamoUsers } from '../../adapters/dynamodb/users';
import { provider } from '../../../platform/providers/provider';
import { table } from '../../../platform/providers/table';

export const users = /* @__PURE__ */ provider(() => new DynamoUsers(table().db, table().name));
