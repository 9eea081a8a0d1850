import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoRequestQuota } from '../adapters/dynamodb/request-quota';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import { provider } from './provider';

/** Per-client and per-station rate limits of public writes (fixed windows on the table). */
export const requestQuota = /* @__PURE__ */ provider(() => {
  const table = setting('TABLE_NAME');
  return new DynamoRequestQuota(traced(createDocumentClient({ tableName: table, region: awsRegion() })), table);
});
