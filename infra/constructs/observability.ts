import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SETTINGS } from '@functions/platform/environment';
import { ALARMED_METRICS } from '@functions/platform/alarmed-metrics';
import type { AppFunction } from './common';
import { POWERTOOLS_METRICS_NAMESPACE } from './settings';

export interface ObservabilityProps {
  functions: { id: string; fn: AppFunction }[];
  deadLetterQueues: { id: string; queue: IQueue }[];
  httpApi: IHttpApi;
  topicRules: { id: string; rule: CfnTopicRule }[];
  /** Subscribed to the alarm topic when given. */
  alarmEmail?: string;
  /** HTTP API 5xx responses per 5 minutes that raise the alarm. */
  api5xxThreshold?: number;
}

const FIVE_MINUTES = Duration.minutes(5);


/**
 * Alarms on what breaks silently: a function that errors, Lambda throttling, anything landing in a dead-letter
 * queue, IoT rules throttled, API 5xx. Every alarm notifies one SNS topic (e-mail subscription optional).
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  private readonly action: IAlarmAction;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Bali Refill alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.action = new SnsAction(this.topic);

    for (const { id: fnId, fn } of props.functions) {
      this.add(`${fnId}-Errors`, `${fn.function.node.path}: invocations ended in an error (crash or timeout)`, fn.function.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1);
    }

    // Throttling comes from the account's shared concurrency pool (no function reserves any), so one alarm on the
    // sum over the app's functions says it; CloudWatch allows 10 metrics per expression, hence the partial sums.
    const throttles = props.functions.map(({ fn }) => fn.function.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }));
    const chunks: Metric[][] = [];
    for (let i = 0; i < throttles.length; i += 10) chunks.push(throttles.slice(i, i + 10));
    chunks.forEach((chunk, c) => {
      const usingMetrics = Object.fromEntries(chunk.map((m, i) => [`t${c}_${i}`, m]));
      const expression = new MathExpression({
        expression: Object.keys(usingMetrics).map((k) => `FILL(${k}, 0)`).join(' + '),
        usingMetrics,
        period: FIVE_MINUTES,
        label: `Throttled invocations (functions ${c * 10 + 1}-${c * 10 + chunk.length})`,
      });
      this.add(`LambdaThrottles${c + 1}`, `Lambda throttled invocations of functions ${c * 10 + 1}-${c * 10 + chunk.length}`, expression, 1);
    });

    for (const { id: queueId, queue } of props.deadLetterQueues) {
      this.add(
        `${queueId}-NotEmpty`,
        `Messages waiting in dead-letter queue ${queueId}: something was not delivered or not processed`,
        queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        1,
      );
    }

    for (const { id: ruleId, rule } of props.topicRules) {
      this.add(
        `${ruleId}-RuleThrottled`,
        `IoT rule ${ruleId}: messages throttled`,
        new Metric({ namespace: 'AWS/IoT', metricName: 'RuleMessageThrottled', dimensionsMap: { RuleName: rule.ref }, period: FIVE_MINUTES, statistic: 'Sum' }),
        1,
      );
    }

    for (const metric of Object.values(ALARMED_METRICS)) {
      this.add(`Business-${metric.name}`, metric.description, businessMetric(metric.name), 'threshold' in metric ? metric.threshold : 1);
    }

    this.add(
      'Api5xx',
      'HTTP API answered with 5xx',
      props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
      props.api5xxThreshold ?? 5,
    );
  }

  private add(id: string, description: string, metric: Metric | MathExpression, threshold: number): Alarm {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}

/** A count from the functions' Powertools metrics: its namespace, and the service dimension Powertools adds. */
const businessMetric = (name: string) =>
  new Metric({
    namespace: POWERTOOLS_METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: SETTINGS.POWERTOOLS_SERVICE_NAME.fallback },
    period: FIVE_MINUTES,
    statistic: 'Sum',
  });
