import { Duration, RemovalPolicy, type CfnElement } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { RouteDefinition } from '@shared/routes/route';
import { acknowledge, findingReference } from './common';
import { FunctionSettings } from './settings';

/**
 * Where browsers post uploads (report photos, lab reports) with a presigned POST (any bucket of S3 in the region: the
 * bucket's own name is known only at deployment, and the site's CSP must name it at synthesis). One home for the
 * stack and the local cloud.
 */
export const photoUploadSourceOf = (region: string) => `https://*.s3.${region}.amazonaws.com`;

type FileAccess = NonNullable<RouteDefinition['access']['files']>;
/** Where the kind of kept file a route's `files` access names lives. */
const KEPT_UNDER = { keepPhoto: 'reports/', readPhoto: 'reports/', keepLabReport: 'lab-tests/', readLabReport: 'lab-tests/' } as const satisfies Record<Exclude<FileAccess, 'upload'>, string>;

/**
 * Uploaded files (problem-report photos, lab test reports): a private bucket (no public access, TLS only, S3-managed
 * encryption, access logs) where browsers upload with presigned POSTs under `uploads/` (deleted after a day if no
 * route took them), the report handler keeps cleaned photos under `reports/` (kept a year) and the lab test handler
 * keeps PDF reports under `lab-tests/` (kept for good, like the safety records). Provides FILES_BUCKET. Its
 * construct id stays 'ReportPhotos' (a new id would replace the bucket).
 */
export class UploadedFiles extends Construct {
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
    acknowledge(this.logBucket, 'AwsSolutions-S1', 'This is the access-log bucket of the uploaded files; logging it into itself would loop.');
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/report-photos/',
      lifecycleRules: [
        { id: 'UnclaimedUploads', prefix: 'uploads/', expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'ReportPhotos', prefix: KEPT_UNDER.keepPhoto, expiration: Duration.days(365) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    FunctionSettings.of(this).provide('FILES_BUCKET', this.bucket.bucketName);
  }

  /** Browsers of the site may post uploads (S3 checks the presigned policy; CORS only lets the page read the answer). */
  allowUploadsFrom(origin: string): void {
    this.bucket.addCorsRule({ allowedMethods: [HttpMethods.POST], allowedOrigins: [origin], allowedHeaders: ['*'], maxAge: 3000 });
  }

  /**
   * Exactly what a route's `files` access needs, on the prefixes of its kind only: presign uploads (put under
   * `uploads/`), keep one (read and delete the upload, put under the kind's prefix) or read kept ones (get, which a
   * presigned download signs too). Listing (for "no such key" rather than "access denied") on the read prefix only.
   */
  grant(grantee: IGrantable, access: FileAccess): void {
    const objects = (prefix: string) => this.bucket.arnForObjects(`${prefix}*`);
    const list = (prefix: string) =>
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn], conditions: { StringLike: { 's3:prefix': `${prefix}*` } } });
    const statements: PolicyStatement[] = [];
    const prefixes: string[] = [];
    if (access === 'upload') {
      statements.push(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects('uploads/')] }));
      prefixes.push('uploads/');
    } else if (access === 'keepPhoto' || access === 'keepLabReport') {
      const kept = KEPT_UNDER[access];
      statements.push(new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [objects('uploads/')] }));
      statements.push(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects(kept)] }));
      statements.push(list('uploads/'));
      prefixes.push('uploads/', kept);
    } else {
      const kept = KEPT_UNDER[access];
      statements.push(new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects(kept)] }), list(kept));
      prefixes.push(kept);
    }
    for (const statement of statements) grantee.grantPrincipal.addToPrincipalPolicy(statement);
    const bucketArn = findingReference(grantee.grantPrincipal as unknown as Construct, this.bucket.node.defaultChild as CfnElement, 'Arn');
    for (const prefix of prefixes) {
      acknowledge(
        grantee.grantPrincipal as unknown as Construct,
        `AwsSolutions-IAM5[Resource::${bucketArn}/${prefix}*]`,
        `Uploaded files are objects under ${prefix} named by a random id known only at run time; the prefix is the narrowest static scope.`,
      );
    }
  }
}
