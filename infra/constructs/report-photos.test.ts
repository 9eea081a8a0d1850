import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AppFunction } from './common';
import { photoUploadSourceOf, ReportPhotos } from './report-photos';
import { flat, functionRole, resources, roleStatements, testStack } from './testing';

describe('ReportPhotos construct', () => {
  const stack = testStack();
  const photos = new ReportPhotos(stack, 'ReportPhotos');
  photos.allowUploadsFrom('https://d123.cloudfront.net');
  const uploader = new AppFunction(stack, 'Uploader', { entry: 'functions/http/routes/createReportPhotoUpload.ts', description: 'presigns', needs: ['photos'] });
  photos.grant(uploader.role, 'upload');
  const template = Template.fromStack(stack);
  const bucketId = stack.getLogicalId(photos.bucket.node.defaultChild as never);
  const bucket = template.toJSON().Resources[bucketId].Properties as Record<string, any>;

  it('is private, TLS only, encrypted and logged', () => {
    expect(bucket.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(bucket.LoggingConfiguration.LogFilePrefix).toBe('s3/report-photos/');
    const policies = resources(template, 'AWS::S3::BucketPolicy').map(([, p]) => JSON.stringify(p.Properties));
    expect(policies.some((p) => p.includes(bucketId) && p.includes('"aws:SecureTransport":"false"'))).toBe(true);
  });

  it('drops unclaimed uploads after a day and report photos after a year', () => {
    expect(bucket.LifecycleConfiguration.Rules).toEqual(expect.arrayContaining([
      expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
      expect.objectContaining({ Prefix: 'reports/', ExpirationInDays: 365, Status: 'Enabled' }),
    ]));
  });

  it("lets only the site's origin post uploads across origins", () => {
    expect(bucket.CorsConfiguration.CorsRules).toEqual([{ AllowedMethods: ['POST'], AllowedOrigins: ['https://d123.cloudfront.net'], AllowedHeaders: ['*'], MaxAge: 3000 }]);
    expect(photoUploadSourceOf('ap-southeast-1')).toBe('https://*.s3.ap-southeast-1.amazonaws.com');
  });

  it('gives an uploading function s3:PutObject under uploads/ only, and the bucket setting', () => {
    const fnId = stack.getLogicalId(uploader.function.node.defaultChild as never);
    const s3 = roleStatements(template, functionRole(template, fnId)).filter((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('s3:')));
    expect(s3.map((s) => [s.Action, flat(s.Resource)])).toEqual([['s3:PutObject', `<${bucketId}.Arn>/uploads/*`]]);
    expect(template.toJSON().Resources[fnId].Properties.Environment.Variables.REPORT_PHOTO_BUCKET).toEqual({ Ref: bucketId });
  });
});
