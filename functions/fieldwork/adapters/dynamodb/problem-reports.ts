import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProblemReportRecord, ProblemReports } from '../../ports/problem-reports';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { entity } from '@functions/platform/adapters/dynamodb/entity';
import type { MachineRecord } from '@functions/stations/ports/machines';

/** A problem report's item, filed in its status's collection (GSI1); tickets resolve reports through resolveReport. */
const problemReport = entity<Pick<ProblemReportRecord, 'status' | 'resolvedAt' | 'resolvedBy'> & { GSI1PK: string; GSI1SK: string }>()(keys.problemReport, { GSI1: keys.problemReportCollection });
/** The station's count of open reports: the only attribute of the station item this context writes. */
export const stationReports = entity<Pick<MachineRecord, 'openReports'>>()(keys.machine);

/** Resolves an open report (alone or with the ticket that closes it). */
export const resolveReport = (id: string, resolvedBy: string, resolvedAt: string) =>
  problemReport.update([id], {
    set: { status: 'resolved', resolvedAt, resolvedBy, ...problemReport.indexes.GSI1('resolved', resolvedAt, id) },
    condition: (c) => c.eq('status', 'open'),
  });

const cancelled = (error: unknown) => (error as Error).name === 'TransactionCanceledException' || (error as Error).name === 'ConditionalCheckFailedException';

/** Problem reports, with the station's count of open reports kept in the same transaction. */
export class DynamoProblemReports implements ProblemReports {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async create(report: ProblemReportRecord): Promise<boolean> {
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: { ...problemReport.key(report.id), ...problemReport.indexes.GSI1('open', report.createdAt, report.id), ...report },
              ...problemReport.condition((c) => c.itemNotExists()),
            },
          },
          {
            Update: { TableName: this.tableName, ...stationReports.update([report.stationId], { add: { openReports: 1 }, condition: (c) => c.itemExists() }) },
          },
        ],
      }));
      return true;
    } catch (error) {
      if (cancelled(error)) return false;
      throw error;
    }
  }

  async get(id: string): Promise<ProblemReportRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: problemReport.key(id) }));
    return Item ? withoutKeys<ProblemReportRecord>(Item) : null;
  }

  async list(status: ProblemReportRecord['status'], limit: number): Promise<ProblemReportRecord[]> {
    const { Items } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...problemReport.query('GSI1', keys.problemReportsPartition(status)),
      ScanIndexForward: false,
      Limit: limit,
    }));
    return (Items ?? []).map((item) => withoutKeys<ProblemReportRecord>(item));
  }

  async resolve(id: string, resolvedBy: string, resolvedAt: string): Promise<ProblemReportRecord | null> {
    const report = await this.get(id);
    if (!report || report.status !== 'open') return null;
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          { Update: { TableName: this.tableName, ...resolveReport(id, resolvedBy, resolvedAt) } },
          { Update: { TableName: this.tableName, ...stationReports.update([report.stationId], { add: { openReports: -1 }, condition: (c) => c.itemExists() }) } },
        ],
      }));
    } catch (error) {
      if (cancelled(error)) return null;
      throw error;
    }
    return { ...report, status: 'resolved', resolvedAt, resolvedBy };
  }
}
