import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  Table,
  TableEncryption,
  StreamViewType,
} from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { TableAccess, TableAction } from '@shared/routes/route';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@functions/platform/adapters/dynamodb/table';
import { FunctionSettings } from './settings';

const INDEX_QUERIES = TABLE_DEFINITION.globalSecondaryIndexes.map((g): TableAction => `Query:${g.indexName}`);
/**
 * The calls of the two coarse access levels, for the functions away from money. No function scans or describes the
 * table, nor checks another item's condition in a transaction: neither level grants Scan, DescribeTable or
 * ConditionCheckItem.
 */
const TABLE_ACCESS_LEVELS: Record<'read' | 'write', readonly TableAction[]> = {
  read: ['GetItem', 'BatchGetItem', 'Query', ...INDEX_QUERIES],
  write: ['GetItem', 'BatchGetItem', 'Query', ...INDEX_QUERIES, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
};

/** The calls `access` lets a function make (a coarse level's, or the list itself). */
export const tableActionsOf = (access: TableAccess): readonly TableAction[] => (typeof access === 'string' ? TABLE_ACCESS_LEVELS[access] : access);

/**
 * The single table, built from TABLE_DEFINITION (functions/platform/adapters/dynamodb/table.ts), the same declaration
 * the local cloud creates DynamoDB Local's table from. On demand, point-in-time recovery, KMS encryption with the
 * AWS managed key, TTL, deletion protection, and retained when the stack goes away.
 */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const { partitionKey, sortKey, timeToLiveAttribute, globalSecondaryIndexes, streamViewType } = TABLE_DEFINITION;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute,
      stream: StreamViewType[streamViewType],
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    FunctionSettings.of(this).provide('TABLE_NAME', this.table.tableName);
  }

  /**
   * Lets `grantee` make the calls of `access` and no others: item calls (transactions are authorized per item action:
   * Put, Update, Delete, ConditionCheck) and `Query` on the table, `Query:<index>` on that index by name (no
   * `index/*` wildcard in any policy).
   */
  grant(grantee: IGrantable, access: TableAccess): void {
    const actions = tableActionsOf(access);
    const onTable = actions.filter((a) => !a.startsWith('Query:'));
    if (onTable.length) Grant.addToPrincipal({ grantee, actions: onTable.map((a) => `dynamodb:${a}`), resourceArns: [this.table.tableArn] });
    for (const query of actions.filter((a) => a.startsWith('Query:'))) {
      const index = query.slice('Query:'.length);
      if (!TABLE_DEFINITION.globalSecondaryIndexes.some((g) => g.indexName === index)) throw new Error(`The table has no index ${index} (${query})`);
      Grant.addToPrincipal({ grantee, actions: ['dynamodb:Query'], resourceArns: [`${this.table.tableArn}/index/${index}`] });
    }
  }
}
