import { DynamoMachines } from '../../adapters/dynamodb/machines';
import { provider } from '../../../platform/providers/provider';
import { table } from '../../../platform/providers/table';

export const machines = /* @__PURE__ */ provider(() => new DynamoMachines(table().db, table().name));
