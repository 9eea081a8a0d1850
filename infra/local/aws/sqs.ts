import { createHash } from 'node:crypto';
import { awsJsonError, jsonBody, jsonTarget, type AwsAccount, type AwsHandler, type AwsRequest, type AwsResponse } from './http';

/** SQS's answers are JSON 1.0. */
const sqsJson = (payload: unknown): AwsResponse => ({ status: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: JSON.stringify(payload) });

/**
 * The local stand-in for SQS (JSON protocol, `AmazonSQS.<Operation>`), as far as the local cloud uses it: its
 * dead-letter queues, where the local broker puts what a topic rule's function could not process (IoT Core's error
 * action and Lambda's dead-letter queue in AWS), and whose depth the sweep reads with the same adapter as in AWS.
 * Queues are known by name; a queue URL is `<endpoint>/<account>/<name>` as in AWS.
 */
export class LocalQueues {
  private readonly queues = new Map<string, { body: string; sentAt: number }[]>();

  /** `names`: the queues that exist; 'any': every name does (the parity suite, whose names come from the template). */
  constructor(readonly account: AwsAccount, private readonly endpoint: () => string, private readonly names: readonly string[] | 'any') {
    if (names !== 'any') for (const name of names) this.queues.set(name, []);
  }

  url(name: string): string {
    return `${this.endpoint()}/${this.account.accountId}/${name}`;
  }

  /** Puts a message on a queue from inside the local cloud (what an IoT error action or Lambda's DLQ does). */
  send(name: string, body: string): void {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`No local queue ${name}`);
    queue.push({ body, sentAt: Date.now() });
  }

  private queueOf(url: unknown) {
    const name = typeof url === 'string' ? url.slice(url.lastIndexOf('/') + 1) : '';
    if (this.names === 'any' && name && !this.queues.has(name)) this.queues.set(name, []);
    const queue = this.queues.get(name);
    return queue ? { name, queue } : null;
  }

  readonly handle: AwsHandler = async (request: AwsRequest) => {
    const target = jsonTarget(request);
    if (target?.prefix !== 'AmazonSQS') return awsJsonError('UnknownOperationException', 'Not an SQS request');
    const input = jsonBody<{ QueueUrl?: string; MessageBody?: string }>(request);
    const found = this.queueOf(input.QueueUrl);
    if (!found) return awsJsonError('AWS.SimpleQueueService.NonExistentQueue', `The specified queue does not exist: ${String(input.QueueUrl)}`);
    switch (target.operation) {
      case 'GetQueueAttributes':
        return sqsJson({ Attributes: { ApproximateNumberOfMessages: String(found.queue.length) } });
      case 'SendMessage':
        if (typeof input.MessageBody !== 'string' || !input.MessageBody) return awsJsonError('MissingParameter', 'MessageBody is required');
        found.queue.push({ body: input.MessageBody, sentAt: Date.now() });
        // The SDK checks the body's MD5 (not a security measure: SQS's own integrity check).
        return sqsJson({ MessageId: crypto.randomUUID(), MD5OfMessageBody: createHash('md5').update(input.MessageBody).digest('hex') });
      case 'PurgeQueue':
        found.queue.length = 0;
        return sqsJson({});
      default:
        return awsJsonError('UnsupportedOperation', `The local SQS does not implement ${target.operation}`);
    }
  };
}
