import { DynamoSafetyRecords } from '../../adapters/dynamodb/safety-records';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const safetyRecords = /* @__PURE__ */ provider(() => new DynamoSafetyRecords(table().db, table().name));
