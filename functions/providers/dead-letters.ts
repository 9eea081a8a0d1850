import { SQSClient } from '@aws-sdk/client-sqs';
import { SqsDeadLetters } from '../adapters/sqs/sqs-dead-letters';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import type { DeadLetters } from '../ports/dead-letters';
import { provider } from './provider';

/** The dead-letter queues the alert rule watches (DEAD_LETTER_QUEUE_URLS; the local cloud's SQS stand-in locally). */
export const deadLetters = /* @__PURE__ */ provider<DeadLetters>(
  // The client's own endpoint (the region's, or AWS_ENDPOINT_URL_SQS), never the host a queue URL names.
  () => new SqsDeadLetters(traced(new SQSClient({ region: awsRegion(), useQueueUrlAsEndpoint: false })), setting('DEAD_LETTER_QUEUE_URLS').split(',').filter(Boolean)),
);
