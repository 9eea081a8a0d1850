import { DynamoVendSessions } from '../../adapters/dynamodb/vend-sessions';
import { provider } from '../provider';
import { table } from '../table';

export const vendSessions = /* @__PURE__ */ provider(() => new DynamoVendSessions(table().db, table().name));
