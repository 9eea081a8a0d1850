import { DynamoAlerts } from '../../adapters/dynamodb/alerts';
import { provider } from '../../../platform/providers/provider';
import { table } from '../../../platform/providers/table';

export const alerts = /* @__PURE__ */ provider(() => new DynamoAlerts(table().db, table().name));
