/** How many messages wait in each dead-letter queue (SQS in AWS; the local cloud's stand-in locally). */
export interface DeadLetters {
  waiting(): Promise<{ queue: string; messages: number }[]>;
}
