import { DynamoSafetyRecords } from '../../adapters/dynamodb/safety-records';
import { provider } from '../provider';
import { table } from '../table';

export const safetyRecords = /* @__PURE__ */ provider(() => new DynamoSafetyRecords(table().db, table().name));
