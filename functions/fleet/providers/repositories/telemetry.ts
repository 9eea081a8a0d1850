import { DynamoTelemetry } from '../../adapters/dynamodb/telemetry';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const telemetry = /* @__PURE__ */ provider(() => new DynamoTelemetry(table().db, table().name));
