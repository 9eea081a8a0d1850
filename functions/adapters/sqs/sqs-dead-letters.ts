import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DeadLetters } from '../../ports/dead-letters';

/** The dead-letter queues' depth from SQS (ApproximateNumberOfMessages, visible ones: what waits to be looked at). */
export class SqsDeadLetters implements DeadLetters {
  constructor(private readonly sqs: SQSClient, private readonly queueUrls: readonly string[]) {}

  async waiting() {
    return Promise.all(this.queueUrls.map(async (url) => {
      const { Attributes } = await this.sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }));
      return { queue: url.slice(url.lastIndexOf('/') + 1), messages: Number(Attributes?.ApproximateNumberOfMessages ?? 0) };
    }));
  }
}
