import { DynamoVendSessions } from '../../adapters/dynamodb/vend-sessions';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const vendSessions = /* @__PURE__ */ provider(() => new DynamoVendSessions(table().db, table().name));
