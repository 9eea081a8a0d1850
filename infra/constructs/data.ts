import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption, StreamViewType } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@functions/adapters/dynamodb/table';
import { FunctionSettings } from './settings';

export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * The single table, built from TABLE_DEFINITION (functions/adapters/dynamodb/table.ts), the same declaration
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

  /** The table and each of its indexes by name: no `index/*` wildcard in any policy. */
  private get resourceArns(): string[] {
    return [this.table.tableArn, ...TABLE_DEFINITION.globalSecondaryIndexes.map((g) => `${this.table.tableArn}/index/${g.indexName}`)];
  }

  grantRead(grantee: IGrantable): Grant {
    return Grant.addToPrincipal({ grantee, actions: TABLE_READ_ACTIONS, resourceArns: this.resourceArns });
  }

  /** Read and write; transactions are authorised per item action (Put/Update/Delete/ConditionCheck). */
  grantReadWrite(grantee: IGrantable): Grant {
    return Grant.addToPrincipal({ grantee, actions: [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS], resourceArns: this.resourceArns });
  }
}
