import { DynamoMachines } from '../../adapters/dynamodb/machines';
import { provider } from '../provider';
import { table } from '../table';

export const machines = /* @__PURE__ */ provider(() => new DynamoMachines(table().db, table().name));
