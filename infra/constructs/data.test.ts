import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '@functions/adapters/dynamodb/table';
import { Data, TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from './data';
import { actionsOf, flat, only, roleStatements, testStack } from './testing';

describe('Data construct', () => {
  const stack = testStack();
  const data = new Data(stack, 'Data');
  const reader = new Role(stack, 'Reader', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  const writer = new Role(stack, 'Writer', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  data.grantRead(reader);
  data.grantReadWrite(writer);
  const template = Template.fromStack(stack);

  it('builds the single table from TABLE_DEFINITION: keys, both GSIs, TTL', () => {
    const { partitionKey, sortKey, timeToLiveAttribute, globalSecondaryIndexes } = TABLE_DEFINITION;
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const [, table] = only(template, 'AWS::DynamoDB::Table') as [string, { Properties: Record<string, any> }];
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: timeToLiveAttribute, Enabled: true });
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    const attributes = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' }))),
    );
  });

  it('is on demand, with point-in-time recovery, KMS encryption, deletion protection, retained', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      },
    });
  });

  it('grants read or read/write on the table and each named index, never index/*', () => {
    const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
    const readerStatements = roleStatements(template, id(reader));
    const writerStatements = roleStatements(template, id(writer));
    expect([...actionsOf(readerStatements)].sort()).toEqual([...TABLE_READ_ACTIONS].sort());
    expect([...actionsOf(writerStatements)].sort()).toEqual([...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS].sort());
    const granted = writerStatements.flatMap((s) => ([] as unknown[]).concat(s.Resource)).map(flat);
    expect(granted.some((r) => r.includes('*'))).toBe(false);
    for (const g of TABLE_DEFINITION.globalSecondaryIndexes) expect(granted).toContain(`<${id(data.table)}.Arn>/index/${g.indexName}`);
  });
});
