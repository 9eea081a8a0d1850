import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface DynamoConfig {
  tableName: string;
  /** Set for DynamoDB Local; absent in AWS. */
  endpoint?: string;
  region?: string;
}

export function dynamoConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DynamoConfig {
  const tableName = env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  return { tableName, endpoint: env.DYNAMODB_ENDPOINT || undefined, region: env.AWS_REGION || 'ap-southeast-3' };
}

export function createDocumentClient(config: DynamoConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.region ?? 'ap-southeast-3',
    ...(config.endpoint
      ? { endpoint: config.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 }
      : {}),
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
