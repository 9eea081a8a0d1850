import { DynamoAlerts } from '../../adapters/dynamodb/alerts';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const alerts = /* @__PURE__ */ provider(() => new DynamoAlerts(table().db, table().name));
