import { createDocumentClient } from '../adapters/dynamodb/client';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import { provider } from './provider';

/**
 * The single table (TABLE_NAME) on one document client, shared by the repositories of `providers/repositories/`: one
 * file per repository, so that a function's imports reach only the adapters its use case calls (docs/scale.md,
 * "Functions"), and the `@__PURE__` marks let esbuild leave out a provider nobody reads.
 */
export const table = /* @__PURE__ */ provider(() => {
  const name = setting('TABLE_NAME');
  return { name, db: traced(createDocumentClient({ tableName: name, region: awsRegion() })) };
});
