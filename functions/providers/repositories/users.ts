import { DynamoUsers } from '../../adapters/dynamodb/users';
import { provider } from '../provider';
import { table } from '../table';

export const users = /* @__PURE__ */ provider(() => new DynamoUsers(table().db, table().name));
