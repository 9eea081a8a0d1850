import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { Log } from './ports/log';

/**
 * Powertools for every function: JSON logs with the Lambda context, CloudWatch metrics in the embedded metric
 * format, X-Ray traces of the handler and its AWS SDK calls. Outside Lambda the tracer switches itself off;
 * the local cloud sets POWERTOOLS_METRICS_DISABLED so metrics are not printed.
 */
const serviceName = process.env.POWERTOOLS_SERVICE_NAME || 'bali-refill';
export const logger = new Logger({ serviceName });
export const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || 'BaliRefill', serviceName });
export const tracer = new Tracer({ serviceName });
export { MetricUnit };

/** The domain's Log port, written by the Powertools logger. */
export const log: Log = {
  info: (message, data) => logger.info(message, data ?? {}),
  warn: (message, data) => logger.warn(message, data ?? {}),
};

/** Counts one business event (vends, heartbeats, rejections) in this invocation's metrics. */
export const countMetric = (name: string, value = 1, unit: (typeof MetricUnit)[keyof typeof MetricUnit] = MetricUnit.Count) => metrics.addMetric(name, unit, value);

/** Publishes the invocation's metrics when there are any (Powertools' own middleware warns on every empty flush). */
const publishMetrics = (): middy.MiddlewareObj => {
  const flush = async () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return {
    before: async () => metrics.captureColdStartMetric(),
    after: flush,
    onError: flush,
  };
};

/** The middlewares every function runs, outermost first. */
export const observability = (): middy.MiddlewareObj[] => [
  captureLambdaHandler(tracer) as middy.MiddlewareObj,
  injectLambdaContext(logger, { resetKeys: true }) as middy.MiddlewareObj,
  publishMetrics(),
];

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
