import { DynamoAdminQueries } from '../../adapters/dynamodb/admin-queries';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const adminQueries = /* @__PURE__ */ provider(() => new DynamoAdminQueries(table().db, table().name));
