import { CustomResource, Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { SetupProperties } from '@functions/deploy/setup-values';
import { acknowledge, AppFunction, grantSecretValue } from './common';
import type { AppSecrets } from './secrets';
import { FunctionSettings } from './settings';

export interface SetupProps {
  secrets: AppSecrets;
  /** The account's iot:Data-ATS endpoint when known (`-c iotDataEndpoint=...`); looked up at deploy time otherwise. */
  iotDataEndpoint?: string;
  logRetention?: RetentionDays;
}

/**
 * Values only a deployment can know, from a custom resource of our own (functions/deploy/setup.ts), which also turns
 * on the account's IoT job execution events (remote commands read them): the IoT data
 * endpoint, the station signing key (created in its secret on the first deploy) and the SHA-256 of the origin secret
 * the API functions check. It provides IOT_ENDPOINT and ORIGIN_VERIFY_SHA256 to every function that needs them.
 */
export class Setup extends Construct {
  readonly function: AppFunction;
  readonly resource: CustomResource;
  readonly iotEndpoint: string;

  constructor(scope: Construct, id: string, props: SetupProps) {
    super(scope, id);
    const { secrets } = props;
    this.function = new AppFunction(this, 'Function', {
      entry: 'functions/deploy/setup.ts',
      description: 'Deploy-time setup: IoT data endpoint, station signing key, origin secret hash',
      timeout: Duration.minutes(1),
      logRetention: props.logRetention,
    });
    const role = this.function.role;
    grantSecretValue(role, secrets.signingKey, ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']);
    grantSecretValue(role, secrets.originVerify);
    // The account's job execution events, which remote commands read (docs/stations.md, "Remote commands").
    const accountActions = ['iot:UpdateEventConfigurations', ...(props.iotDataEndpoint ? [] : ['iot:DescribeEndpoint'])];
    role.addToPrincipalPolicy(new PolicyStatement({ actions: accountActions, resources: ['*'] }));
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'iot:UpdateEventConfigurations and iot:DescribeEndpoint have no resource type (IAM service authorization reference), so they can only be granted on "*"; X-Ray segments likewise.',
    );

    const properties: SetupProperties = {
      SigningKeySecretArn: secrets.signingKey.secretArn,
      OriginSecretArn: secrets.originVerify.secretArn,
      ...(props.iotDataEndpoint ? { IotEndpoint: props.iotDataEndpoint } : {}),
    };
    this.resource = new CustomResource(this, 'Values', {
      serviceToken: this.function.function.functionArn,
      resourceType: 'Custom::BaliRefillSetup',
      properties,
    });

    this.iotEndpoint = this.resource.getAttString('IotEndpoint');
    const settings = FunctionSettings.of(this);
    settings.provide('IOT_ENDPOINT', this.iotEndpoint);
    settings.provide('ORIGIN_VERIFY_SHA256', this.resource.getAttString('OriginVerifySha256'));
  }
}
