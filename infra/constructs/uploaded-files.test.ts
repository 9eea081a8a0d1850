import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AppFunction } from './common';
import { photoUploadSourceOf, UploadedFiles } from './uploaded-files';
import { flat, functionRole, resources, roleStatements, testStack } from './testing';

describe('UploadedFiles construct', () => {
  const stack = testStack();
  const photos = new UploadedFiles(stack, 'ReportPhotos');
  photos.allowUploadsFrom('https://d123.cloudfront.net');
  const uploader = new AppFunction(stack, 'Uploader', { entry: 'functions/http/routes/createReportPhotoUpload.ts', description: 'presigns', needs: ['files'] });
  photos.grant(uploader.role, 'upload');
  const labKeeper = new AppFunction(stack, 'LabKeeper', { entry: 'functions/http/routes/adminRecordSafety.ts', description: 'keeps lab reports', needs: ['files'] });
  photos.grant(labKeeper.role, 'keepLabReport');
  const labReader = new AppFunction(stack, 'LabReader', { entry: 'functions/http/routes/adminGetLabReport.ts', description: 'links lab reports', needs: ['files'] });
  photos.grant(labReader.role, 'readLabReport');
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

  it('drops unclaimed uploads after a day and report photos after a year, and keeps lab reports', () => {
    expect(bucket.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
      expect.objectContaining({ Prefix: 'reports/', ExpirationInDays: 365, Status: 'Enabled' }),
    ]);
  });

  it("lets only the site's origin post uploads across origins", () => {
    expect(bucket.CorsConfiguration.CorsRules).toEqual([{ AllowedMethods: ['POST'], AllowedOrigins: ['https://d123.cloudfront.net'], AllowedHeaders: ['*'], MaxAge: 3000 }]);
    expect(photoUploadSourceOf('ap-southeast-1')).toBe('https://*.s3.ap-southeast-1.amazonaws.com');
  });

  it('gives an uploading function s3:PutObject under uploads/ only, and the bucket setting', () => {
    const fnId = stack.getLogicalId(uploader.function.node.defaultChild as never);
    const s3 = roleStatements(template, functionRole(template, fnId)).filter((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('s3:')));
    expect(s3.map((s) => [s.Action, flat(s.Resource)])).toEqual([['s3:PutObject', `<${bucketId}.Arn>/uploads/*`]]);
    expect(template.toJSON().Resources[fnId].Properties.Environment.Variables.FILES_BUCKET).toEqual({ Ref: bucketId });
  });

  const s3Statements = (fn: AppFunction) => {
    const fnId = stack.getLogicalId(fn.function.node.defaultChild as never);
    return roleStatements(template, functionRole(template, fnId))
      .filter((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('s3:')))
      .map((s) => [s.Action, flat(s.Resource), s.Condition?.StringLike?.['s3:prefix'] ?? null]);
  };

  it('lets the lab test route take an upload and keep it under lab-tests/ only, and the link route read lab-tests/ only', () => {
    expect(s3Statements(labKeeper)).toEqual([
      [['s3:DeleteObject', 's3:GetObject'], `<${bucketId}.Arn>/uploads/*`, null],
      ['s3:PutObject', `<${bucketId}.Arn>/lab-tests/*`, null],
      ['s3:ListBucket', `<${bucketId}.Arn>`, 'uploads/*'],
    ]);
    expect(s3Statements(labReader)).toEqual([
      ['s3:GetObject', `<${bucketId}.Arn>/lab-tests/*`, null],
      ['s3:ListBucket', `<${bucketId}.Arn>`, 'lab-tests/*'],
    ]);
  });
});
