import { DynamoTelemetry } from '../../adapters/dynamodb/telemetry';
import { provider } from '../provider';
import { table } from '../table';

export const telemetry = /* @__PURE__ */ provider(() => new DynamoTelemetry(table().db, table().name));
