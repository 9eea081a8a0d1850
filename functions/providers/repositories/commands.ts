import { DynamoCommands } from '../../adapters/dynamodb/commands';
import { provider } from '../provider';
import { table } from '../table';

export const commands = /* @__PURE__ */ provider(() => new DynamoCommands(table().db, table().name));
