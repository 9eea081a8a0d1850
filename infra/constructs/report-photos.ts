import { Duration, RemovalPolicy, type CfnElement } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { RouteDefinition } from '@shared/routes';
import { acknowledge, findingReference } from './common';
import { FunctionSettings } from './settings';

/**
 * Where browsers post report photos with a presigned POST (any bucket of S3 in the region: the bucket's own name is
 * known only at deployment, and the site's CSP must name it at synthesis). One home for the stack and the local cloud.
 */
export const photoUploadSourceOf = (region: string) => `https://*.s3.${region}.amazonaws.com`;

/**
 * Problem-report photos: a private bucket (no public access, TLS only, S3-managed encryption, access logs) where
 * browsers upload with presigned POSTs under `uploads/` (deleted after a day if no report took them) and the report
 * handler keeps the cleaned copy under `reports/` (kept a year). Provides REPORT_PHOTO_BUCKET.
 */
export class ReportPhotos extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.logBucket = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.logBucket, 'AwsSolutions-S1', 'This is the access-log bucket of the report photos; logging it into itself would loop.');
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/report-photos/',
      lifecycleRules: [
        { id: 'UnclaimedUploads', prefix: 'uploads/', expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'ReportPhotos', prefix: 'reports/', expiration: Duration.days(365) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    FunctionSettings.of(this).provide('REPORT_PHOTO_BUCKET', this.bucket.bucketName);
  }

  /** Browsers of the site may post uploads (S3 checks the presigned policy; CORS only lets the page read the answer). */
  allowUploadsFrom(origin: string): void {
    this.bucket.addCorsRule({ allowedMethods: [HttpMethods.POST], allowedOrigins: [origin], allowedHeaders: ['*'], maxAge: 3000 });
  }

  /** Exactly what a route's `photos` access needs; listing (for "no such key" rather than "access denied") on its prefix only. */
  grant(grantee: IGrantable, access: NonNullable<RouteDefinition['access']['photos']>): void {
    const objects = (prefix: string) => this.bucket.arnForObjects(`${prefix}*`);
    const statements: PolicyStatement[] = [];
    const list = (prefix: string) =>
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn], conditions: { StringLike: { 's3:prefix': `${prefix}*` } } });
    if (access === 'upload') statements.push(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects('uploads/')] }));
    if (access === 'process') {
      statements.push(new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [objects('uploads/')] }));
      statements.push(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects('reports/')] }));
      statements.push(list('uploads/'));
    }
    if (access === 'read') statements.push(new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects('reports/')] }), list('reports/'));
    for (const statement of statements) grantee.grantPrincipal.addToPrincipalPolicy(statement);
    const bucketArn = findingReference(grantee.grantPrincipal as unknown as Construct, this.bucket.node.defaultChild as CfnElement, 'Arn');
    for (const prefix of access === 'upload' ? ['uploads/'] : access === 'process' ? ['uploads/', 'reports/'] : ['reports/']) {
      acknowledge(
        grantee.grantPrincipal as unknown as Construct,
        `AwsSolutions-IAM5[Resource::${bucketArn}/${prefix}*]`,
        `Report photos are objects under ${prefix} named by a random id known only at run time; the prefix is the narrowest static scope.`,
      );
    }
  }
}
