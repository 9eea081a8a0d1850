import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { AppFunction } from './common';
import { ALARMED_METRICS } from '@functions/platform/alarmed-metrics';
import { Observability } from './observability';
import { resources, testStack } from './testing';

describe('Observability construct', () => {
  const stack = testStack();
  const functions = Array.from({ length: 12 }, (_, i) => ({
    id: `fn${i}`,
    fn: new AppFunction(stack, `Fn${i}`, { entry: 'functions/iot/heartbeat.ts', description: `function ${i}` }),
  }));
  const queues = [
    { id: 'RuleErrors', queue: new Queue(stack, 'Q1') },
    { id: 'AsyncFailures', queue: new Queue(stack, 'Q2') },
  ];
  const httpApi = new HttpApi(stack, 'Api');
  const rule = new CfnTopicRule(stack, 'Rule', { topicRulePayload: { sql: "SELECT * FROM 'a'", actions: [] } });
  const observability = new Observability(stack, 'Obs', {
    functions,
    deadLetterQueues: queues,
    httpApi,
    topicRules: [{ id: 'heartbeat', rule }],
    alarmEmail: 'ops@example.com',
  });
  const template = Template.fromStack(stack);
  const alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties as Record<string, any>);
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

  it('alarms on errors of every function', () => {
    for (const { fn } of functions) {
      expect(
        alarms.some((a) => a.MetricName === 'Errors' && a.Namespace === 'AWS/Lambda' && a.Dimensions?.[0]?.Value?.Ref === id(fn.function)),
      ).toBe(true);
    }
  });

  it('alarms on throttles of all functions, at most 10 metrics per expression', () => {
    const throttles = alarms.filter((a) => a.Metrics?.some((m: any) => m.MetricStat?.Metric?.MetricName === 'Throttles'));
    expect(throttles).toHaveLength(2);
    const counted = throttles.flatMap((a) => a.Metrics.filter((m: any) => m.MetricStat));
    expect(counted).toHaveLength(functions.length);
    for (const a of throttles) expect(a.Metrics.filter((m: any) => m.MetricStat).length).toBeLessThanOrEqual(10);
  });

  it('alarms as soon as a dead-letter queue holds a message', () => {
    for (const { queue } of queues) {
      expect(
        alarms.some(
          (a) =>
            a.MetricName === 'ApproximateNumberOfMessagesVisible' &&
            a.Dimensions[0].Value['Fn::GetAtt']?.[0] === id(queue) &&
            a.Threshold === 1 &&
            a.ComparisonOperator === 'GreaterThanOrEqualToThreshold',
        ),
      ).toBe(true);
    }
  });

  it('alarms on IoT rule throttling and HTTP API 5xx', () => {
    expect(alarms.some((a) => a.Namespace === 'AWS/IoT' && a.MetricName === 'RuleMessageThrottled' && a.Dimensions[0].Value.Ref === stack.getLogicalId(rule))).toBe(true);
    expect(alarms.some((a) => a.Namespace === 'AWS/ApiGateway' && a.MetricName === '5xx')).toBe(true);
  });

  it('alarms on the money metrics the functions count: incidents, receivables, unconfirmed or rejected notifications, sweep errors', () => {
    for (const metric of ['vendComplete.incident', 'vendComplete.receivable', 'vendComplete.redeemedTwice', 'paymentNotification.refundOwed', 'paymentNotification.unconfirmed', 'paymentNotification.rejected', 'sweep.errors']) {
      expect(
        alarms.some((a) => a.Namespace === 'BaliRefill' && a.MetricName === metric && a.Statistic === 'Sum' && a.Dimensions?.[0]?.Name === 'service' && a.Dimensions?.[0]?.Value === 'bali-refill'),
        metric,
      ).toBe(true);
    }
    expect(alarms.find((a) => a.MetricName === 'paymentNotification.unconfirmed')!.Threshold).toBe(5);
    expect(alarms.find((a) => a.MetricName === 'vendComplete.incident')!.Threshold).toBe(1);
    expect(Object.values(ALARMED_METRICS).map((m) => m.name)).toContain('sweep.errors');
  });

  it('sends every alarm to the SSL-only SNS topic, with the e-mail subscription', () => {
    const topicId = id(observability.topic);
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(alarms).toHaveLength(observability.alarms.length);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('gives every function its own log group with a retention (AppFunction)', () => {
    for (const { fn } of functions) {
      const props = template.toJSON().Resources[id(fn.function)].Properties;
      expect(props.LoggingConfig.LogGroup).toEqual({ Ref: id(fn.logGroup) });
    }
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
  });
});
