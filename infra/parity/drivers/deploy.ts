import type { Driver } from '../drive';
import { is } from './helpers';

/** The deployment's own functions, driven by the custom resources that run them (functions/deploy, aws-cdk-lib's providers). */
export const deploy = {
  Setup: {
    deploy: {
      check: ({ Data }, s) =>
        is(Data?.IotEndpoint === `localhost:${s.app.cloud.sharedPort}`, `IotEndpoint ${String(Data?.IotEndpoint)} is not what DescribeEndpoint answered`) ??
        is(/^[0-9a-f]{64}$/.test(String(Data?.OriginVerifySha256)), 'OriginVerifySha256 is not a SHA-256') ??
        is(Data?.SigningKey === 'created', `the first deployment must create the signing key, answered ${String(Data?.SigningKey)}`) ??
        is(Data?.JobExecutionEvents === 'enabled' && s.app.cloud.iot.snapshot().events.JOB_EXECUTION === true, `job execution events not turned on: ${JSON.stringify(s.app.cloud.iot.snapshot().events)}`),
      later: [
        {
          name: 'an update keeps the signing key every station trusts',
          request: 'Update',
          check: ({ Data }) => is(Data?.SigningKey === 'kept', `SigningKey ${String(Data?.SigningKey)} on update`),
        },
      ],
    },
  },
  'Custom::CrossRegionExportWriterCustomResourceProvider': { deploy: {} },
  'Custom::CrossRegionExportReaderCustomResourceProvider': {
    deploy: { check: ({ Data }) => is(Object.values(Data ?? {}).some((v) => String(v).startsWith('arn:aws:wafv2:')), `no web ACL ARN imported: ${JSON.stringify(Data)}`) },
  },
} satisfies Record<string, Driver>;
