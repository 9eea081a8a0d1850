import { DescribeEndpointCommand, IoTClient, UpdateEventConfigurationsCommand } from '@aws-sdk/client-iot';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsRegion } from '../platform/environment';
import { logger, observedHandler, traced } from '../platform/observability';
import { setupValues, type SetupPorts, type SetupProperties } from './setup-values';

/** A CloudFormation custom resource request (Lambda-backed: we answer on ResponseURL ourselves). */
interface CustomResourceEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  ResponseURL: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  PhysicalResourceId?: string;
  ResourceProperties: SetupProperties & { ServiceToken: string };
}

const PHYSICAL_ID = 'bali-refill-setup';

let ports: SetupPorts | undefined;
function awsPorts(): SetupPorts {
  const secrets = traced(new SecretsManagerClient({ region: awsRegion() }));
  const iot = traced(new IoTClient({ region: awsRegion() }));
  return {
    readSecret: async (arn) => {
      const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: arn }));
      if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
      return SecretString;
    },
    writeSecret: async (arn, value) => {
      await secrets.send(new PutSecretValueCommand({ SecretId: arn, SecretString: value }));
    },
    iotDataEndpoint: async () => {
      const { endpointAddress } = await iot.send(new DescribeEndpointCommand({ endpointType: 'iot:Data-ATS' }));
      if (!endpointAddress) throw new Error('DescribeEndpoint returned no address');
      return endpointAddress;
    },
    enableJobExecutionEvents: async () => {
      await iot.send(new UpdateEventConfigurationsCommand({ eventConfigurations: { JOB_EXECUTION: { Enabled: true } } }));
    },
  };
}

async function respond(event: CustomResourceEvent, outcome: { Status: 'SUCCESS' | 'FAILED'; Reason?: string; Data?: object }) {
  const body = JSON.stringify({
    ...outcome,
    PhysicalResourceId: event.PhysicalResourceId ?? PHYSICAL_ID,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  // The pre-signed S3 URL accepts a PUT with no content type.
  const answer = await fetch(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '' }, body, signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) throw new Error(`CloudFormation's response URL answered ${answer.status}`);
}

/**
 * The setup resource of the stack (infra/constructs/setup.ts): on create and update it returns the values only a
 * deployment can know (functions/deploy/setup-values.ts); on delete it keeps everything (the secrets are retained).
 * It always answers CloudFormation, so a failure fails the deployment instead of hanging it.
 */
export const handler = observedHandler(
  'setup',
  async (raw) => {
    const event = raw as CustomResourceEvent;
    try {
      if (event.RequestType === 'Delete') {
        await respond(event, { Status: 'SUCCESS' });
        return 'deleted';
      }
      const values = await setupValues(event.ResourceProperties, (ports ??= awsPorts()));
      logger.info('setup values', { iotEndpoint: values.IotEndpoint, signingKey: values.SigningKey });
      await respond(event, { Status: 'SUCCESS', Data: values });
      return values.SigningKey === 'created' ? 'signingKeyCreated' : 'done';
    } catch (error) {
      logger.error('setup failed', error as Error);
      await respond(event, { Status: 'FAILED', Reason: (error as Error).message.slice(0, 500) });
      return 'failed';
    }
  },
  (outcome) => outcome,
);
