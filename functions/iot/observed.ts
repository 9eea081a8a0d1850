import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { countMetric, observability } from '../observability';

/**
 * A topic-rule or schedule handler with Powertools (logs, traces, metrics). Each invocation counts its outcome as
 * the metric `<name>.<outcome>` (heartbeat.applied, vendRequest.denied, vendComplete.settled, ...).
 */
export function observedHandler<R>(name: string, run: (event: unknown) => Promise<R>, outcome: (result: R) => string) {
  return middy<unknown, R, Error, Context>()
    .use(observability())
    .handler(async (event) => {
      const result = await run(event);
      countMetric(`${name}.${outcome(result)}`);
      return result;
    });
}
