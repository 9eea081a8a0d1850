import { DynamoClaims } from '../../adapters/dynamodb/claims';
import { provider } from '../provider';
import { table } from '../table';

export const claims = /* @__PURE__ */ provider(() => new DynamoClaims(table().db, table().name));
