import { DynamoCommands } from '../../adapters/dynamodb/commands';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const commands = /* @__PURE__ */ provider(() => new DynamoCommands(table().db, table().name));
