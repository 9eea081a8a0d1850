import { DynamoAdminQueries } from '../../adapters/dynamodb/admin-queries';
import { provider } from '../provider';
import { table } from '../table';

export const adminQueries = /* @__PURE__ */ provider(() => new DynamoAdminQueries(table().db, table().name));
