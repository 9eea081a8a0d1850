import { createDocumentClient } from '../../platform/adapters/dynamodb/client';
import { DynamoProblemReports } from '../adapters/dynamodb/problem-reports';
import type { ReportDeps } from '../domain/reports';
import { awsRegion, setting } from '../../platform/environment';
import { traced } from '../../platform/observability';
import { provider } from '../../platform/providers/provider';
import { files } from '../../platform/providers/files';
import { requestQuota } from '../../platform/providers/quota';
import { clock, ids } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
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
