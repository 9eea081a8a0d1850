import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoProblemReports } from '../adapters/dynamodb/problem-reports';
import { S3PhotoStore } from '../adapters/s3/s3-photo-store';
import type { ReportDeps } from '../domain/reports';
import { awsRegion, localOnlySetting, setting } from '../environment';
import { traced } from '../observability';
import { provider } from './provider';
import { s3Client } from './s3';
import { requestQuota } from './quota';
import * as repositories from './repositories';

/** Report photos in REPORT_PHOTO_BUCKET (the local cloud: its S3 emulator through AWS_ENDPOINT_URL_S3, path-style). */
const photos = provider(() => new S3PhotoStore(s3Client(), setting('REPORT_PHOTO_BUCKET'), localOnlySetting('LOCAL_UPLOAD_URL')));

const tables = provider(() => {
  const table = setting('TABLE_NAME');
  const db = traced(createDocumentClient({ tableName: table, region: awsRegion() }));
  return { problemReports: new DynamoProblemReports(db, table) };
});

/** Problem reports: the table, the quota and (created on first use, so routes that never touch photos need no bucket) the photo store. */
export const reportDeps = (): ReportDeps => ({
  machines: repositories.machines(),
  tickets: repositories.tickets(),
  clock: repositories.clock(),
  ids: repositories.ids(),
  ...tables(),
  quota: requestQuota(),
  get photos() {
    return photos();
  },
});
