import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { setting } from './environment';
import type { Log } from './ports/log';

/**
 * Powertools for every function: JSON logs with the Lambda context, CloudWatch metrics in the embedded metric
 * format, X-Ray traces of the handler and its AWS SDK calls. The local cloud sets POWERTOOLS_METRICS_DISABLED
 * so metrics are not printed.
 */
const serviceName = setting('POWERTOOLS_SERVICE_NAME');
export const logger = new Logger({ serviceName });
const metrics = new Metrics({ namespace: setting('POWERTOOLS_METRICS_NAMESPACE'), serviceName });

/**
 * The tracer is loaded only in Lambda (AWS_EXECUTION_ENV, the test Powertools itself uses to trace): the X-Ray SDK
 * keeps its context with an async hook on every promise, a cost the local cloud and the tests would pay for traces
 * nobody sends.
 */
const tracing = Boolean(process.env.AWS_EXECUTION_ENV) && process.env.POWERTOOLS_TRACE_ENABLED !== 'false';
const xray = tracing
  ? await Promise.all([import('@aws-lambda-powertools/tracer'), import('@aws-lambda-powertools/tracer/middleware')])
      .then(([{ Tracer }, { captureLambdaHandler }]) => ({ tracer: new Tracer({ serviceName }), captureLambdaHandler }))
  : null;

/** An AWS SDK client whose calls appear as subsegments of the invocation's trace. */
export const traced = <Client extends object>(client: Client): Client => (xray ? xray.tracer.captureAWSv3Client(client) : client);
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
  ...(xray ? [xray.captureLambdaHandler(xray.tracer) as middy.MiddlewareObj] : []),
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
