import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProblemReportRecord, ProblemReports } from '../../ports/problem-reports';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';

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
              Item: { ...keys.problemReport(report.id), ...keys.problemReportCollection('open', report.createdAt, report.id), ...report },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: this.tableName,
              Key: keys.machine(report.stationId),
              UpdateExpression: 'ADD openReports :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':one': 1 },
            },
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
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.problemReport(id) }));
    return Item ? withoutKeys<ProblemReportRecord>(Item) : null;
  }

  async list(status: ProblemReportRecord['status'], limit: number): Promise<ProblemReportRecord[]> {
    const { Items } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.problemReportsPartition(status) },
      ScanIndexForward: false,
      Limit: limit,
    }));
    return (Items ?? []).map((item) => withoutKeys<ProblemReportRecord>(item));
  }

  async resolve(id: string, resolvedBy: string, resolvedAt: string): Promise<ProblemReportRecord | null> {
    const report = await this.get(id);
    if (!report || report.status !== 'open') return null;
    const listed = keys.problemReportCollection('resolved', resolvedAt, id);
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              Key: keys.problemReport(id),
              UpdateExpression: 'SET #status = :resolved, resolvedAt = :at, resolvedBy = :by, GSI1PK = :pk, GSI1SK = :sk',
              ConditionExpression: '#status = :open',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':resolved': 'resolved', ':open': 'open', ':at': resolvedAt, ':by': resolvedBy, ':pk': listed.GSI1PK, ':sk': listed.GSI1SK },
            },
          },
          {
            Update: {
              TableName: this.tableName,
              Key: keys.machine(report.stationId),
              UpdateExpression: 'ADD openReports :minusOne',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':minusOne': -1 },
            },
          },
        ],
      }));
    } catch (error) {
      if (cancelled(error)) return null;
      throw error;
    }
    return { ...report, status: 'resolved', resolvedAt, resolvedBy };
  }
}
