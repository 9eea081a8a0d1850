import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { AwsHttpApi } from '../aws/aws-http-api';
import { recordingSender, sdkWireShape, signatureOf, TEST_CREDENTIALS, TEST_ENV, wireShape } from '../aws/aws-http-api.test-fakes';
import { SqsDeadLetters } from './sqs-dead-letters';

const QUEUES = ['https://sqs.ap-southeast-1.amazonaws.com/123456789012/vend-dlq', 'https://sqs.ap-southeast-1.amazonaws.com/123456789012/async-dlq'];
const reply = (messages: string) => ({ body: new TextEncoder().encode(JSON.stringify({ Attributes: { ApproximateNumberOfMessages: messages } })) });

describe('the dead-letter queues read without the SQS client', () => {
  it("asks each queue's depth as the SDK's client does, at the regional endpoint and not the queue URL's host", async () => {
    const sender = recordingSender(reply('3'), reply('0'));
    const api = new AwsHttpApi({ signingName: 'sqs', endpoint: 'https://sqs.ap-southeast-1.amazonaws.com' }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send });
    await expect(new SqsDeadLetters(api, QUEUES).waiting()).resolves.toEqual([{ queue: 'vend-dlq', messages: 3 }, { queue: 'async-dlq', messages: 0 }]);

    const sdk = await sdkWireShape(SQSClient, new GetQueueAttributesCommand({ QueueUrl: QUEUES[0], AttributeNames: ['ApproximateNumberOfMessages'] }));
    expect(wireShape(sender.requests[0]!)).toEqual(sdk);
    expect(signatureOf(sender.requests[0]!).scope).toBe('ap-southeast-1/sqs/aws4_request');
  });

  it('counts a queue without the attribute as empty', async () => {
    const sender = recordingSender({ body: new TextEncoder().encode('{}') });
    const api = new AwsHttpApi({ signingName: 'sqs', endpoint: 'https://sqs.ap-southeast-1.amazonaws.com' }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send });
    await expect(new SqsDeadLetters(api, QUEUES.slice(0, 1)).waiting()).resolves.toEqual([{ queue: 'vend-dlq', messages: 0 }]);
  });
});
