import { DynamoSettings } from '../../adapters/dynamodb/settings';
import { provider } from '../provider';
import { table } from '../table';

export const settings = /* @__PURE__ */ provider(() => new DynamoSettings(table().db, table().name));
