import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoProblemReports } from '../adapters/dynamodb/problem-reports';
import type { ReportDeps } from '../domain/reports';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import { provider } from './provider';
import { files } from './files';
import { requestQuota } from './quota';
import { clock, ids } from './clock';
import { machines } from './repositories/machines';
import { tickets } from './repositories/tickets';

const tables = provider(() => {
  const table = setting('TABLE_NAME');
  const db = traced(createDocumentClient({ tableName: table, region: awsRegion() }));
  return { problemReports: new DynamoProblemReports(db, table) };
});

/** Problem reports: the table, the quota and (created on first use, so routes that never touch photos need no bucket) the file store. */
export const reportDeps = (): ReportDeps => ({
  machines: machines(),
  tickets: tickets(),
  clock: clock(),
  ids: ids(),
  ...tables(),
  quota: requestQuota(),
  get files() {
    return files();
  },
});
