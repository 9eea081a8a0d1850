import { DynamoAlerts } from '../../adapters/dynamodb/alerts';
import { provider } from '../provider';
import { table } from '../table';

export const alerts = /* @__PURE__ */ provider(() => new DynamoAlerts(table().db, table().name));
