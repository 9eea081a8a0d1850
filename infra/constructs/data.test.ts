import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '@functions/platform/adapters/dynamodb/table';
import { Data } from './data';
import { expectedTableGrants, only, roleStatements, tableGrantsOf, testStack } from './testing';

describe('Data construct', () => {
  const stack = testStack();
  const data = new Data(stack, 'Data');
  const role = (id: string) => new Role(stack, id, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  const reader = role('Reader');
  const writer = role('Writer');
  const exact = role('Exact');
  data.grant(reader, 'read');
  data.grant(writer, 'write');
  data.grant(exact, ['GetItem', 'UpdateItem', 'Query:GSI2']);
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

  it('grants item calls on the table alone and a query on each index by name, never index/*, never Scan or DescribeTable', () => {
    const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
    const table = `<${id(data.table)}.Arn>`;
    const grants = (r: Role) => tableGrantsOf(roleStatements(template, id(r)));
    expect(grants(reader)).toEqual([
      `dynamodb:BatchGetItem on ${table}`, `dynamodb:GetItem on ${table}`, `dynamodb:Query on ${table}`,
      ...TABLE_DEFINITION.globalSecondaryIndexes.map((g) => `dynamodb:Query on ${table}/index/${g.indexName}`),
    ].sort());
    expect(grants(writer)).toEqual(expectedTableGrants('write', table));
    for (const action of ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']) expect(grants(writer)).toContain(`dynamodb:${action} on ${table}`);
    expect([...grants(reader), ...grants(writer)].some((g) => /Scan|DescribeTable|ConditionCheckItem| on .*\*/.test(g))).toBe(false);
  });

  it('grants exactly the calls a function of money lists', () => {
    const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
    const table = `<${id(data.table)}.Arn>`;
    expect(tableGrantsOf(roleStatements(template, id(exact)))).toEqual([`dynamodb:GetItem on ${table}`, `dynamodb:Query on ${table}/index/GSI2`, `dynamodb:UpdateItem on ${table}`]);
  });

  it('refuses a query of an index the table does not have', () => {
    expect(() => data.grant(new Role(testStack(), 'Other', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') }), ['Query:GSI9' as 'Query:GSI1'])).toThrow('The table has no index GSI9');
  });
});
