import { Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { STATION_CHANGE_STREAM_FILTER } from '@functions/stations/adapters/dynamodb/station-changes';
import { Data } from './data';
import { StationList } from './station-list';
import { flat, functionRole, only, resources, roleStatements, testStack } from './testing';

describe('StationList construct', () => {
  const stack = testStack();
  const data = new Data(stack, 'Data');
  const list = new StationList(stack, 'StationList', { data, asyncFailureQueue: new Queue(stack, 'Failures') });
  const template = Template.fromStack(stack);
  const bucketId = stack.getLogicalId(list.bucket.node.defaultChild as never);
  const fnId = stack.getLogicalId(list.publisher.function.node.defaultChild as never);
  const changesId = stack.getLogicalId(list.changePublisher.function.node.defaultChild as never);

  it('keeps the file in a private, TLS-only, encrypted bucket (CloudFront reads it through origin access control)', () => {
    const bucket = template.toJSON().Resources[bucketId].Properties as Record<string, any>;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    const policies = resources(template, 'AWS::S3::BucketPolicy').map(([, p]) => JSON.stringify(p.Properties));
    expect(policies.some((p) => p.includes(bucketId) && p.includes('"aws:SecureTransport":"false"'))).toBe(true);
  });

  it('runs the publisher every minute, with the table and the bucket as its settings', () => {
    const [, rule] = only(template, 'AWS::Events::Rule');
    expect(rule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    expect(flat((rule.Properties!.Targets as { Arn: unknown }[])[0]!.Arn)).toBe(`<${fnId}.Arn>`);
    const variables = template.toJSON().Resources[fnId].Properties.Environment.Variables as Record<string, unknown>;
    expect(variables.STATION_LIST_BUCKET).toEqual({ Ref: bucketId });
    expect(variables.TABLE_NAME).toBeDefined();
  });

  it.each([['publisher', () => fnId], ['change publisher', () => changesId]])('lets the %s read the table, read, write and list its own list file, and write tiles only', (_, id) => {
    const statements = roleStatements(template, functionRole(template, id()));
    const s3 = statements.filter((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('s3:')));
    expect(s3.map((s) => [s.Action, flat(s.Resource), (s as { Condition?: unknown }).Condition ?? null])).toEqual([
      [['s3:GetObject', 's3:PutObject'], `<${bucketId}.Arn>/data/stations.json`, null],
      ['s3:PutObject', `<${bucketId}.Arn>/data/stations/*`, null],
      ['s3:ListBucket', `<${bucketId}.Arn>`, { StringEquals: { 's3:prefix': 'data/stations.json' } }],
    ]);
  });

  it("lets both write the table only at the fleet's highest price, and the change publisher its lease item", () => {
    const writes = (id: string) => roleStatements(template, functionRole(template, id))
      .filter((s) => ([] as string[]).concat(s.Action).some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite|TransactWrite)/.test(a)))
      .map((s) => [s.Action, (s as { Condition?: unknown }).Condition ?? null]);
    const fleetPrices = ['dynamodb:PutItem', { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['FLEET#PRICES'] } }];
    expect(writes(fnId)).toEqual([fleetPrices]);
    expect(writes(changesId)).toEqual([fleetPrices, ['dynamodb:UpdateItem', { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['LEASE#station-list'] } }]]);
  });

  it('runs the change publisher on the table stream, station items only, from the latest record, failures to the queue', () => {
    const [, mapping] = only(template, 'AWS::Lambda::EventSourceMapping');
    expect(flat(mapping.Properties!.FunctionName)).toBe(`<${changesId}>`);
    expect(mapping.Properties).toMatchObject({
      StartingPosition: 'LATEST',
      MaximumBatchingWindowInSeconds: 2,
      MaximumRetryAttempts: 2,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(STATION_CHANGE_STREAM_FILTER) }] },
    });
    expect(JSON.stringify(mapping.Properties!.DestinationConfig)).toContain('Failures');
  });
});
