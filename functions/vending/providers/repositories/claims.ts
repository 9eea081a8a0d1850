import { DynamoClaims } from '../../adapters/dynamodb/claims';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const claims = /* @__PURE__ */ provider(() => new DynamoClaims(table().db, table().name));
