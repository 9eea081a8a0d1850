import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { STATION_CHANGE_STREAM_FILTER, STATION_CHANGE_STREAM_MAPPING } from '@functions/stations/adapters/dynamodb/station-changes';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { STATION_LIST_LEASE, STATION_LIST_PUBLISHER_TIMEOUT_SECONDS } from '@functions/stations/domain/station-list';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { STATION_TILE_PATH_PREFIX } from '@shared/station-tiles';
import { acknowledge, acknowledgeWildcardResource, AppFunction, streamFailureQueue, type AppFunctionProps } from './common';
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
 * CloudFront reads through origin access control under `/data/*` (the Web construct's behavior), a function that
 * rewrites the list file there every minute when it changed, and one that rewrites it seconds after the table's
 * stream shows a change of a station visitors should see. Provides STATION_LIST_BUCKET.
 */
export class StationList extends Construct {
  readonly bucket: Bucket;
  readonly publisher: AppFunction;
  readonly changePublisher: AppFunction;
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

    const key = STATION_LIST_SNAPSHOT_PATH.slice(1);
    const tiles = `${STATION_TILE_PATH_PREFIX.slice(1)}*`;
    /** A function that rewrites the files: it reads the table, reads, writes and lists the list file, and writes tiles. */
    const publisherFunction = (id: string, own: Pick<AppFunctionProps, 'entry' | 'description' | 'deadLetterQueue'>) => {
      const fn = new AppFunction(this, id, {
        ...own,
        needs: ['table', 'stationList'],
        timeout: Duration.seconds(STATION_LIST_PUBLISHER_TIMEOUT_SECONDS),
        logRetention: props.logRetention,
      });
      props.data.grant(fn.role, 'read');
      // The fleet's highest price, beside the list (functions/stations/domain/station-list.ts): its one item only.
      fn.role.addToPrincipalPolicy(new PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [props.data.table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.fleetPrices.PK] } },
      }));
      // The list file and its metadata (HeadObject is s3:GetObject), writing it, and listing that key alone, so that
      // the first run reads "no such key" (404) rather than "access denied"; tiles are only written (docs/scale.md).
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [this.bucket.arnForObjects(key)] }));
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.bucket.arnForObjects(tiles)] }));
      acknowledgeWildcardResource(fn.role, this.bucket.arnForObjects(tiles), 'Writes the area tiles of the station list, one object per grid cell with stations (their keys follow from where stations are), in its own bucket; it cannot read or delete them.');
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn], conditions: { StringEquals: { 's3:prefix': key } } }));
      return fn;
    };
    this.publisher = publisherFunction('Publisher', {
      entry: 'functions/stations/publish-station-list.ts',
      description: 'Rewrites the public station list file at the edge when it changed (every minute)',
      deadLetterQueue: props.asyncFailureQueue,
    });
    this.changePublisher = publisherFunction('ChangePublisher', {
      entry: 'functions/stations/station-list-changes.ts',
      description: 'Rewrites the public station list file seconds after a change of a station visitors should see (table stream)',
    });
    // The lease that keeps publications for changes one at a time (functions/stations/domain/station-list.ts): its item only.
    this.changePublisher.role.addToPrincipalPolicy(new PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [props.data.table.tableArn],
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.lease(STATION_LIST_LEASE).PK] } },
    }));
    const { batchSize, maxBatchingWindowSeconds, retryAttempts } = STATION_CHANGE_STREAM_MAPPING;
    this.changePublisher.function.addEventSource(new DynamoEventSource(props.data.table, {
      // Changes from now on: the schedule has published everything before.
      startingPosition: StartingPosition.LATEST,
      batchSize,
      maxBatchingWindow: Duration.seconds(maxBatchingWindowSeconds),
      retryAttempts,
      onFailure: streamFailureQueue(props.asyncFailureQueue),
      filters: [FilterCriteria.filter(STATION_CHANGE_STREAM_FILTER)],
    }));

    this.schedule = new Rule(this, 'Schedule', {
      description: 'Rewrites the public station list file (statuses follow from time too: a silent station turns offline without a write)',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.publisher.function, { deadLetterQueue: props.asyncFailureQueue, retryAttempts: 0, maxEventAge: Duration.minutes(1) })],
    });
  }
}
