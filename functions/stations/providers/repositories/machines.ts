import { DynamoMachines } from '../../adapters/dynamodb/machines';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const machines = /* @__PURE__ */ provider(() => new DynamoMachines(table().db, table().name));
