import { sqsApi, SqsDeadLetters } from '../adapters/sqs/sqs-dead-letters';
import { setting } from '../environment';
import type { DeadLetters } from '../ports/dead-letters';
import { provider } from './provider';

/** The dead-letter queues the alert rule watches (DEAD_LETTER_QUEUE_URLS; the local cloud's SQS stand-in locally). */
export const deadLetters = /* @__PURE__ */ provider<DeadLetters>(() => new SqsDeadLetters(sqsApi(), setting('DEAD_LETTER_QUEUE_URLS').split(',').filter(Boolean)));
