import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { acknowledge, AppFunction } from './common';
import type { Data } from './data';
import { FunctionSettings } from './settings';

export interface StationListProps {
  data: Data;
  /** Where a run that failed all its retries is kept. */
  asyncFailureQueue: IQueue;
  logRetention?: RetentionDays;
}

/**
 * The public station list at the edge (docs/scale.md, "The station list from the edge"): a private bucket that
 * CloudFront reads through origin access control under `/data/*` (the Web construct's behavior), and a function that
 * rewrites the list file there every minute when it changed. Provides STATION_LIST_BUCKET.
 */
export class StationList extends Construct {
  readonly bucket: Bucket;
  readonly publisher: AppFunction;
  readonly schedule: Rule;

  constructor(scope: Construct, id: string, props: StationListProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.bucket, 'AwsSolutions-S1', 'Holds one public file rewritten every minute from the table; CloudFront logs every read of it.');
    FunctionSettings.of(this).provide('STATION_LIST_BUCKET', this.bucket.bucketName);

    this.publisher = new AppFunction(this, 'Publisher', {
      entry: 'functions/stations/publish-station-list.ts',
      description: 'Rewrites the public station list file at the edge when it changed (every minute)',
      needs: ['table', 'stationList'],
      timeout: Duration.seconds(50),
      logRetention: props.logRetention,
      deadLetterQueue: props.asyncFailureQueue,
    });
    props.data.grantRead(this.publisher.role);
    const key = STATION_LIST_SNAPSHOT_PATH.slice(1);
    // Its own file only: its metadata (HeadObject is s3:GetObject), writing it, and listing that key alone, so that the
    // first run reads "no such key" (404) rather than "access denied".
    this.publisher.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [this.bucket.arnForObjects(key)] }));
    this.publisher.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn], conditions: { StringEquals: { 's3:prefix': key } } }));

    this.schedule = new Rule(this, 'Schedule', {
      description: 'Rewrites the public station list file (statuses follow from time too: a silent station turns offline without a write)',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.publisher.function, { deadLetterQueue: props.asyncFailureQueue, retryAttempts: 0, maxEventAge: Duration.minutes(1) })],
    });
  }
}
