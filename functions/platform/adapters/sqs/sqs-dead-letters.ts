import { AwsHttpApi } from '../aws/aws-http-api';
import type { DeadLetters } from '../../ports/dead-letters';

/** SQS's JSON API (AWS_ENDPOINT_URL_SQS where the local cloud or the parity suite sets it), never the host a queue URL names. */
export const sqsApi = (env: NodeJS.ProcessEnv = process.env) => AwsHttpApi.regional({ signingName: 'sqs', variable: 'SQS', host: 'sqs' }, { env });

/**
 * The dead-letter queues' depth from SQS (ApproximateNumberOfMessages, visible ones: what waits to be looked at), by
 * GetQueueAttributes as the SDK's client sends it (awsJson 1.0, in the mode that keeps the query protocol's error codes).
 */
export class SqsDeadLetters implements DeadLetters {
  constructor(private readonly sqs: AwsHttpApi, private readonly queueUrls: readonly string[]) {}

  async waiting() {
    return Promise.all(this.queueUrls.map(async (url) => {
      const { Attributes } = await this.sqs.jsonRpc<{ Attributes?: Record<string, string> }>(
        'AmazonSQS.GetQueueAttributes',
        { QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] },
        { version: '1.0', headers: { 'x-amzn-query-mode': 'true' } },
      );
      return { queue: url.slice(url.lastIndexOf('/') + 1), messages: Number(Attributes?.ApproximateNumberOfMessages ?? 0) };
    }));
  }
}
