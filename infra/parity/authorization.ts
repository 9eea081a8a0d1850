import { jsonBody, jsonTarget, matchRestOperation, type AwsRequest } from '../local/aws/http';
import { IOT_DATA_OPERATIONS } from '../local/aws/iot-data';
import { IOT_OPERATIONS } from '../local/aws/iot';
import { LOCATION_OPERATIONS } from '../local/aws/location';
import { s3Location } from '../local/aws/s3';
import { SES_OPERATIONS } from '../local/aws/ses';
import { senderAddress } from '../constructs/mail';
import { parameterArn } from '../local/aws/ssm';
import { PARITY_ACCOUNT_ID } from './deployment';

/** The SigV4 credential scope of a signed request: who signed, for which region and service. */
export interface Signature {
  accessKeyId: string;
  region: string;
  service: string;
}

export function signatureOf(request: AwsRequest): Signature | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request/.exec(header) : null;
  return match ? { accessKeyId: match[1]!, region: match[2]!, service: match[3]! } : null;
}

/** What one AWS API request asks IAM for: each (action, resource) must be allowed (a transaction asks per item). */
export interface AwsCall {
  /** The signing name of the service (dynamodb, secretsmanager, cognito-idp, iot, iotdata, geo, ssm, sqs, s3, ses). */
  service: string;
  operation: string;
  /** Empty for operations IAM does not authorize (Cognito's token endpoints, called unsigned). */
  checks: Check[];
}

/** One action on one resource, with the condition keys the request sets (SES's `ses:FromAddress`). */
interface Check {
  action: string;
  resource: string;
  context?: Record<string, string>;
}

/** Cognito user pool operations authorized by the user's tokens, not by IAM (the SDK sends them unsigned). */
const COGNITO_WITHOUT_IAM = new Set([
  'InitiateAuth', 'RespondToAuthChallenge', 'SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword', 'ConfirmForgotPassword',
  'GetUser', 'GlobalSignOut', 'RevokeToken', 'ChangePassword', 'GetTokensFromRefreshToken',
]);

/** The service of an unsigned request, from its X-Amz-Target prefix. */
const TARGET_SERVICES: Record<string, string> = {
  DynamoDB_20120810: 'dynamodb',
  secretsmanager: 'secretsmanager',
  AWSCognitoIdentityProviderService: 'cognito-idp',
  AmazonSSM: 'ssm',
  AmazonSQS: 'sqs',
};

export class UnrecognizedCallError extends Error {}

/**
 * The IAM actions and resources a request needs, read from the request itself as AWS does: the service from the
 * credential scope, the operation from X-Amz-Target (JSON protocols) or the method and path (REST protocols, with the
 * same operation tables the stand-ins serve), the resource ARN from the request's parameters. `secretArn` turns a
 * SecretId (a name or a partial ARN) into the secret's full ARN.
 */
export function callOf(request: AwsRequest, signature: Signature | null, secretArn: (secretId: string) => string | undefined): AwsCall {
  const target = jsonTarget(request);
  const service = signature?.service ?? (target ? TARGET_SERVICES[target.prefix] : undefined);
  if (!service) throw new UnrecognizedCallError(`Cannot tell the service of ${request.method} ${request.path}`);
  const region = signature?.region ?? 'unknown';
  const arn = (svc: string, resource: string) => `arn:aws:${svc}:${region}:${PARITY_ACCOUNT_ID}:${resource}`;
  const one = (operation: string, action: string, resource: string): AwsCall => ({ service, operation, checks: [{ action, resource }] });

  switch (service) {
    case 'dynamodb': {
      if (!target) throw new UnrecognizedCallError('DynamoDB request without X-Amz-Target');
      const input = jsonBody<DynamoInput>(request);
      const table = (name: string | undefined) => (name?.startsWith('arn:') ? name : arn('dynamodb', `table/${name}`));
      const op = target.operation;
      const action = (a: string) => `dynamodb:${a}`;
      switch (op) {
        case 'BatchGetItem':
        case 'BatchWriteItem':
          return { service, operation: op, checks: Object.keys(input.RequestItems ?? {}).map((t) => ({ action: action(op), resource: table(t) })) };
        case 'TransactWriteItems':
          return {
            service,
            operation: op,
            checks: (input.TransactItems ?? []).map((item) => {
              const [kind, detail] = Object.entries(item)[0] as [string, { TableName?: string }];
              const itemAction = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind];
              if (!itemAction) throw new UnrecognizedCallError(`Unknown transaction item ${kind}`);
              return { action: action(itemAction), resource: table(detail.TableName) };
            }),
          };
        case 'TransactGetItems':
          return { service, operation: op, checks: (input.TransactItems ?? []).map((item) => ({ action: action('GetItem'), resource: table((item as { Get: { TableName?: string } }).Get.TableName) })) };
        default: {
          const base = table(input.TableName);
          return one(op, action(op), input.IndexName ? `${base}/index/${input.IndexName}` : base);
        }
      }
    }
    case 'secretsmanager': {
      if (!target) throw new UnrecognizedCallError('Secrets Manager request without X-Amz-Target');
      const { SecretId } = jsonBody<{ SecretId?: string }>(request);
      return one(target.operation, `secretsmanager:${target.operation}`, (SecretId && secretArn(SecretId)) ?? arn('secretsmanager', `secret:${SecretId}`));
    }
    case 'cognito-idp': {
      if (!target) throw new UnrecognizedCallError('Cognito request without X-Amz-Target');
      if (COGNITO_WITHOUT_IAM.has(target.operation)) return { service, operation: target.operation, checks: [] };
      const { UserPoolId } = jsonBody<{ UserPoolId?: string }>(request);
      return one(target.operation, `cognito-idp:${target.operation}`, arn('cognito-idp', `userpool/${UserPoolId}`));
    }
    case 'ssm': {
      if (!target) throw new UnrecognizedCallError('SSM request without X-Amz-Target');
      const input = jsonBody<{ Name?: string; Names?: string[]; ResourceId?: string }>(request);
      const names = input.Names ?? [input.Name ?? input.ResourceId ?? ''];
      return { service, operation: target.operation, checks: names.map((name) => ({ action: `ssm:${target.operation}`, resource: parameterArn({ region, accountId: PARITY_ACCOUNT_ID }, name) })) };
    }
    case 'sqs': {
      if (!target) throw new UnrecognizedCallError('SQS request without X-Amz-Target');
      const { QueueUrl } = jsonBody<{ QueueUrl?: string }>(request);
      return one(target.operation, `sqs:${target.operation}`, arn('sqs', String(QueueUrl).split('/').at(-1) ?? ''));
    }
    case 'iot': {
      const match = matchRestOperation(IOT_OPERATIONS, request);
      if (!match) throw new UnrecognizedCallError(`IoT ${request.method} ${request.path}`);
      const { operation, params } = match;
      const action = `iot:${operation}`;
      switch (operation) {
        case 'CreateThing':
        case 'DescribeThing':
        case 'DeleteThing':
          return one(operation, action, arn('iot', `thing/${params.thingName}`));
        case 'AttachThingPrincipal':
        case 'DetachThingPrincipal':
          return one(operation, action, String(request.headers['x-amzn-principal']));
        case 'UpdateCertificate':
        case 'DeleteCertificate':
          return one(operation, action, arn('iot', `cert/${params.certificateId}`));
        case 'AttachPolicy':
        case 'DetachPolicy':
          return one(operation, action, String(jsonBody<{ target?: string }>(request).target));
        case 'CreateJob':
          // On the job and on every thing it targets.
          return { service, operation, checks: [arn('iot', `job/${params.jobId}`), ...(jsonBody<{ targets?: string[] }>(request).targets ?? [])].map((resource) => ({ action, resource })) };
        case 'CancelJob':
          return one(operation, action, arn('iot', `job/${params.jobId}`));
        default:
          return one(operation, action, '*');
      }
    }
    case 'iotdata': {
      const match = matchRestOperation(IOT_DATA_OPERATIONS, request);
      if (!match) throw new UnrecognizedCallError(`IoT data plane ${request.method} ${request.path}`);
      return one(match.operation, 'iot:Publish', arn('iot', `topic/${match.params.topic}`));
    }
    case 's3': {
      // Object operations, path-style; S3's ARNs name neither region nor account.
      const { bucket, key } = s3Location(request);
      const operation = { GET: 'GetObject', HEAD: 'HeadObject', PUT: 'PutObject', DELETE: 'DeleteObject' }[request.method];
      if (!operation || !key) throw new UnrecognizedCallError(`S3 ${request.method} ${request.path}`);
      const action = operation === 'PutObject' || operation === 'DeleteObject' ? `s3:${operation}` : 's3:GetObject';
      return one(operation, action, `arn:aws:s3:::${bucket}/${key}`);
    }
    case 'ses': {
      // SES API v2 SendEmail: on the sending domain's identity and on the configuration set it names.
      if (!matchRestOperation(SES_OPERATIONS, request)) throw new UnrecognizedCallError(`SES ${request.method} ${request.path}`);
      const { FromEmailAddress, ConfigurationSetName } = jsonBody<{ FromEmailAddress?: string; ConfigurationSetName?: string }>(request);
      const from = senderAddress(String(FromEmailAddress));
      const context = { 'ses:FromAddress': from };
      return {
        service,
        operation: 'SendEmail',
        checks: [
          { action: 'ses:SendEmail', resource: arn('ses', `identity/${from.split('@')[1]}`), context },
          ...(ConfigurationSetName ? [{ action: 'ses:SendEmail', resource: arn('ses', `configuration-set/${ConfigurationSetName}`), context }] : []),
        ],
      };
    }
    case 'geo': {
      const match = matchRestOperation(LOCATION_OPERATIONS, request);
      if (!match) throw new UnrecognizedCallError(`Location ${request.method} ${request.path}`);
      return one(match.operation, `geo:${match.operation}`, arn('geo', `place-index/${match.params.IndexName}`));
    }
    default:
      throw new UnrecognizedCallError(`No local stand-in for the service ${service} (${request.method} ${request.path})`);
  }
}

interface DynamoInput {
  TableName?: string;
  IndexName?: string;
  RequestItems?: Record<string, unknown>;
  TransactItems?: Record<string, unknown>[];
}
