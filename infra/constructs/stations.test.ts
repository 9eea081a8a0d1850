import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { Data } from './data';
import { Mail } from './mail';
import { AppSecrets } from './secrets';
import { FunctionSettings } from './settings';
import { FUNCTION_ACCESS, HEARTBEAT_INGEST_TOPIC, IOT_JOB_ACTIONS, ruleFunction, STATION_JOBS_TOPICS, STATION_PUBLISH_TOPICS, STATION_RECEIVE_TOPICS, Stations, THING_NAME, TOPIC_RULES, VEND_FUNCTIONS, type IotFunctionId, type RuleId } from './stations';
import { HEARTBEAT_INGEST_RULE } from '@shared/constants';
import { GUEST_SESSION_STREAM_MAPPING, GUEST_SETTLEMENT_STREAM_FILTERS } from '@functions/guests/adapters/dynamodb/guest-session-changes';
import { HEARTBEAT_INGEST_SQL, HEARTBEAT_STREAM_FILTER, HEARTBEAT_STREAM_MAPPING } from '@functions/fleet/adapters/iot/heartbeat-ingest';
import { MONEY_TAG } from './common';
import { actionsOf, expectedTableGrants, flat, functionRole, only, refId, resources, roleStatements, tableGrantsOf, testStack } from './testing';

function build() {
  const stack = testStack();
  const data = new Data(stack, 'Data');
  const secrets = new AppSecrets(stack, 'Secrets');
  const mail = new Mail(stack, 'Mail', { from: 'Bali Refill <no-reply@example.org>' });
  const stations = new Stations(stack, 'Stations', { data, secrets, mail });
  // The setup resource provides it in the whole app; the app itself the payment mode and the webhook's address.
  FunctionSettings.of(stack).provide('IOT_ENDPOINT', 'abc123-ats.iot.ap-southeast-1.amazonaws.com');
  FunctionSettings.of(stack).provide('PAYMENTS_MODE', 'live');
  FunctionSettings.of(stack).provide('PAYMENT_NOTIFICATION_URL', 'https://d123.cloudfront.net/api/payments/notification');
  FunctionSettings.of(stack).provide('SITE_URL', 'https://d123.cloudfront.net');
  return { stack, data, stations, template: Template.fromStack(stack) };
}

describe('Stations construct', () => {
  const { stack, data, stations, template } = build();
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const fnId = (name: IotFunctionId) => id(stations.functions[name].function);

  it('has a thing type and a station policy bound to the thing name of the connection', () => {
    template.resourceCountIs('AWS::IoT::ThingType', 1);
    const [, policy] = only(template, 'AWS::IoT::Policy');
    const all = (policy.Properties!.PolicyDocument as { Sid: string; Statement: { Sid: string; Action: string | string[]; Resource: unknown; Condition?: unknown }[] }).Statement;
    // The jobs device API, apart: a station's own $aws/things/<thing name>/jobs/* topics (remote commands).
    const jobs = all.filter((s) => s.Sid.includes('Jobs'));
    const statements = all.filter((s) => !s.Sid.includes('Jobs'));
    const byAction = (action: string) => statements.filter((s) => s.Action === action);
    const arns = (action: string) => byAction(action).flatMap((s) => ([] as unknown[]).concat(s.Resource)).map(flat);
    const prefix = 'arn:<AWS::Partition>:iot:<AWS::Region>:<AWS::AccountId>:';

    expect(statements.map((s) => s.Action).sort()).toEqual(['iot:Connect', 'iot:Publish', 'iot:Receive', 'iot:Subscribe']);
    expect(arns('iot:Connect')).toEqual([`${prefix}client/${THING_NAME}`]);
    expect(byAction('iot:Connect')[0]!.Condition).toEqual({ Bool: { 'iot:Connection.Thing.IsAttached': 'true' } });
    expect(arns('iot:Publish')).toEqual([...STATION_PUBLISH_TOPICS.map((t) => `${prefix}topic/stations/${THING_NAME}/${t}`), `${prefix}topic/$aws/rules/${HEARTBEAT_INGEST_RULE}/stations/${THING_NAME}/heartbeat`]);
    expect(HEARTBEAT_INGEST_TOPIC).toBe(`$aws/rules/${HEARTBEAT_INGEST_RULE}/stations/${THING_NAME}/heartbeat`);
    expect(arns('iot:Subscribe')).toEqual(STATION_RECEIVE_TOPICS.map((t) => `${prefix}topicfilter/stations/${THING_NAME}/${t}`));
    expect(arns('iot:Receive')).toEqual(STATION_RECEIVE_TOPICS.map((t) => `${prefix}topic/stations/${THING_NAME}/${t}`));
    expect(THING_NAME).toBe('${iot:Connection.Thing.ThingName}');
    expect(jobs.map((s) => [s.Action, flat(s.Resource)])).toEqual([
      [['iot:Publish', 'iot:Receive'], `${prefix}topic/$aws/things/${THING_NAME}/jobs/*`],
      ['iot:Subscribe', `${prefix}topicfilter/$aws/things/${THING_NAME}/jobs/*`],
    ]);
    expect(STATION_JOBS_TOPICS).toBe(`$aws/things/${THING_NAME}/jobs/*`);
    expect(JSON.stringify(policy)).not.toContain('Fn::Sub');
  });

  it('has one topic rule per station message and presence, each to its function, each with an SQS error action', () => {
    const rules = resources(template, 'AWS::IoT::TopicRule');
    // ... and the heartbeat rule, which writes to the table (below).
    expect(rules).toHaveLength(Object.keys(TOPIC_RULES).length + 1);
    const errorQueue = id(stations.ruleErrorQueue);
    for (const [ruleId, spec] of Object.entries(TOPIC_RULES)) {
      const found = rules.find(([, r]) => (r.Properties!.TopicRulePayload as { Sql: string }).Sql === spec.sql);
      expect(found, ruleId).toBeDefined();
      const payload = found![1].Properties!.TopicRulePayload as {
        Actions: { Lambda: { FunctionArn: unknown } }[];
        ErrorAction: { Sqs: { QueueUrl: unknown; RoleArn: unknown } };
      };
      expect(refId(payload.Actions[0]!.Lambda.FunctionArn)).toBe(fnId(ruleFunction(ruleId as RuleId)));
      expect(refId(payload.ErrorAction.Sqs.QueueUrl)).toBe(errorQueue);
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Principal: 'iot.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [fnId(ruleFunction(ruleId as RuleId)), 'Arn'] },
        SourceArn: { 'Fn::GetAtt': [found![0], 'Arn'] },
      });
    }
    // Remote commands: the account's job execution events and the stations' progress, both to commandResult.
    expect(TOPIC_RULES.commandResult.sql).toBe("SELECT * FROM '$aws/events/jobExecution/#'");
    expect(TOPIC_RULES.commandProgress.sql).toBe("SELECT jobId, progress, topic(2) AS stationId FROM 'stations/+/command/progress'");
    expect(ruleFunction('commandProgress')).toBe('commandResult');
    for (const topic of ['vend/request', 'vend/complete', 'vend/failed']) {
      const sql = Object.values(TOPIC_RULES).map((r) => r.sql).find((q) => q.endsWith(`FROM 'stations/+/${topic}'`));
      // The station id comes from the topic only: payload fields are selected by name, never with *,
      // so a station cannot put another station's id in its message.
      expect(sql).toMatch(/^SELECT (\w+, )+topic\(2\) AS stationId, timestamp\(\) AS receivedAt FROM/);
      expect(sql).not.toContain('*');
      expect(sql!.split('topic(2)')[0]).not.toContain('stationId');
    }
    expect(TOPIC_RULES.presence.sql).toContain("FROM '$aws/events/presence/+/+'");
  });

  it('writes heartbeats to the table from a Basic Ingest rule, and hands new readings to the heartbeat function in batches', () => {
    // Named: stations publish to $aws/rules/<name>/..., and no Lambda runs per heartbeat.
    const [ruleId, rule] = resources(template, 'AWS::IoT::TopicRule').find(([, r]) => (r.Properties!.RuleName as string | undefined) === HEARTBEAT_INGEST_RULE)!;
    const payload = rule.Properties!.TopicRulePayload as { Sql: string; Actions: { DynamoDBv2?: { PutItem: { TableName: unknown }; RoleArn: unknown }; Lambda?: unknown }[]; ErrorAction: { Sqs: { QueueUrl: unknown } } };
    expect(payload.Sql).toBe(HEARTBEAT_INGEST_SQL);
    expect(payload.Actions).toHaveLength(1);
    expect(payload.Actions[0]!.Lambda).toBeUndefined();
    expect(refId(payload.Actions[0]!.DynamoDBv2!.PutItem.TableName)).toBe(id(data.table));
    expect(refId(payload.ErrorAction.Sqs.QueueUrl)).toBe(id(stations.ruleErrorQueue));
    // The station id and the keys come from the topic and the rules engine's clock, never from the payload.
    expect(payload.Sql).toContain("concat('MACHINE#', topic(2)) AS PK");
    expect(payload.Sql).toContain('topic(2) AS stationId, timestamp() AS receivedAt');
    expect(payload.Sql).not.toMatch(/SELECT \*/);
    // Its role may put items in the table and nothing else.
    const roleId = refId(payload.Actions[0]!.DynamoDBv2!.RoleArn)!;
    const statements = roleStatements(template, roleId);
    expect([...actionsOf(statements)]).toEqual(['dynamodb:PutItem']);
    expect(statements.map((s) => refId(s.Resource))).toEqual([id(data.table)]);
    expect(ruleId).toBeDefined();

    template.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId('heartbeat') },
      EventSourceArn: { 'Fn::GetAtt': [id(data.table), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: HEARTBEAT_STREAM_MAPPING.batchSize,
      MaximumBatchingWindowInSeconds: HEARTBEAT_STREAM_MAPPING.maxBatchingWindowSeconds,
      MaximumRetryAttempts: HEARTBEAT_STREAM_MAPPING.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(HEARTBEAT_STREAM_FILTER) }] },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [id(stations.asyncFailureQueue), 'Arn'] } } },
    });
    // No rule invokes the heartbeat function.
    template.resourcePropertiesCountIs('AWS::Lambda::Permission', { FunctionName: { 'Fn::GetAtt': [fnId('heartbeat'), 'Arn'] } }, 0);
  });

  it('lets the error action role send to the rule error queue only', () => {
    const roles = resources(template, 'AWS::IAM::Role').filter(([, r]) => JSON.stringify(r.Properties).includes('iot.amazonaws.com') && JSON.stringify(r.Properties).includes('rule error queue'));
    expect(roles).toHaveLength(1);
    const roleId = roles[0]![0];
    const statements = roleStatements(template, roleId);
    expect([...actionsOf(statements)].every((a) => a.startsWith('sqs:'))).toBe(true);
    expect(statements.map((s) => refId(s.Resource))).toEqual([id(stations.ruleErrorQueue)]);
  });

  it('has encrypted dead-letter queues that refuse plain HTTP', () => {
    template.resourceCountIs('AWS::SQS::Queue', 2);
    template.allResourcesProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 1209600 });
    for (const queue of [stations.ruleErrorQueue, stations.asyncFailureQueue]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id(queue) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('builds the IoT functions on Node 22 arm64 with a DLQ and an async invoke config', () => {
    const all = template.toJSON().Resources as Record<string, { Properties: Record<string, any> }>;
    for (const name of Object.keys(stations.functions) as IotFunctionId[]) {
      const fn = all[fnId(name)]!.Properties;
      expect(fn).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        DeadLetterConfig: { TargetArn: { 'Fn::GetAtt': [id(stations.asyncFailureQueue), 'Arn'] } },
      });
      expect(fn.Environment.Variables).toMatchObject({ TABLE_NAME: { Ref: id(data.table) }, NODE_OPTIONS: '--enable-source-maps' });
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: fnId(name) }, MaximumRetryAttempts: 2 });
    }
    template.resourceCountIs('AWS::Lambda::Function', Object.keys(stations.functions).length);
  });

  it('runs the sweep, the command sweep and the alert sweep every minute, with a dead-letter queue on each target', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: (['sweep', 'commandSweep', 'alertSweep'] as const).map((name) => Match.objectLike({
        Arn: { 'Fn::GetAtt': [fnId(name), 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [id(stations.asyncFailureQueue), 'Arn'] } },
      })),
    });
  });

  it('lets only the vend functions publish, and only to the reply topics, and read the signing key', () => {
    for (const name of Object.keys(stations.functions) as IotFunctionId[]) {
      const statements = roleStatements(template, functionRole(template, fnId(name)));
      const publish = statements.filter((s) => ([] as string[]).concat(s.Action).includes('iot:Publish'));
      if (VEND_FUNCTIONS.includes(name)) {
        expect(publish.flatMap((s) => ([] as unknown[]).concat(s.Resource)).map(flat)).toEqual(
          STATION_RECEIVE_TOPICS.map((t) => `arn:<AWS::Partition>:iot:<AWS::Region>:<AWS::AccountId>:topic/stations/*/${t}`),
        );
        const env = (template.toJSON().Resources[fnId(name)] as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment.Variables;
        expect(env.IOT_ENDPOINT).toBe('abc123-ats.iot.ap-southeast-1.amazonaws.com');
        expect(env.SIGNING_KEY_SECRET_ARN).toBeDefined();
      } else {
        expect(publish).toEqual([]);
        // guestSessionClosed reads the payment secret only (to refund guest orders), never the signing key.
        expect(actionsOf(statements).has('secretsmanager:GetSecretValue'), name).toBe(name === 'guestSessionClosed');
      }
      expect(actionsOf(statements).has('dynamodb:PutItem')).toBe(true);
    }
  });

  it('lets commandResult and the command sweep alone of the station functions create and cancel jobs, on jobs and things only, with the things\' ARN prefix', () => {
    const prefix = 'arn:<AWS::Partition>:iot:<AWS::Region>:<AWS::AccountId>:';
    const jobActions = [...IOT_JOB_ACTIONS, 'iot:CancelJobExecution'];
    for (const name of Object.keys(stations.functions) as IotFunctionId[]) {
      // Each job action with the resources it is granted on (CDK may merge statements with the same resources).
      const granted = roleStatements(template, functionRole(template, fnId(name)))
        .flatMap((s) => ([] as string[]).concat(s.Action).filter((a) => jobActions.includes(a)).map((a) => [a, ([] as unknown[]).concat(s.Resource).map(flat)]))
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      if (name !== 'commandResult' && name !== 'commandSweep') {
        expect(granted, name).toEqual([]);
        continue;
      }
      // CreateJob is authorized on the job and on each thing it targets, CancelJob on the job alone; the command sweep
      // alone cancels one station's queued execution (on the job and the thing).
      expect(granted, name).toEqual([
        ['iot:CancelJob', [`${prefix}job/*`]],
        ...(name === 'commandSweep' ? [['iot:CancelJobExecution', [`${prefix}job/*`, `${prefix}thing/*`]]] : []),
        ['iot:CreateJob', [`${prefix}job/*`, `${prefix}thing/*`]],
      ]);
      const env = (template.toJSON().Resources[fnId(name)] as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment.Variables;
      expect(flat(env.IOT_THING_ARN_PREFIX)).toBe(`${prefix}thing/`);
      expect(env.IOT_ENDPOINT).toBeUndefined();
    }
  });

  it('lets the alert sweep alone read the dead-letter queues it watches, named in DEAD_LETTER_QUEUE_URLS', () => {
    const all = template.toJSON().Resources as Record<string, { Properties: { Environment: { Variables: Record<string, unknown> } } }>;
    const queues = [stations.ruleErrorQueue, stations.asyncFailureQueue];
    expect(all[fnId('alertSweep')]!.Properties.Environment.Variables).toMatchObject({
      DEAD_LETTER_QUEUE_URLS: { 'Fn::Join': [',', queues.map((q) => ({ Ref: id(q) }))] },
      ALERT_EMAIL: '',
    });
    for (const name of Object.keys(stations.functions) as IotFunctionId[]) {
      const statements = roleStatements(template, functionRole(template, fnId(name)));
      const reads = statements.filter((s) => ([] as string[]).concat(s.Action).includes('sqs:GetQueueAttributes'));
      expect(reads.flatMap((s) => ([] as unknown[]).concat(s.Resource)).map(flat).sort(), name).toEqual(name === 'alertSweep' ? queues.map((q) => `<${id(q)}.Arn>`).sort() : []);
      // The stream mappings (heartbeat, guestSessionClosed) send what could not be handled to the failures queue
      // (their on-failure destination), which needs sqs:SendMessage alone, as the function's own dead-letter queue does.
      const queueActions = [...actionsOf(statements)].filter((a) => a.startsWith('sqs:') && a !== 'sqs:GetQueueAttributes');
      expect(queueActions, name).toEqual(['sqs:SendMessage']);
      if (name !== 'alertSweep') expect(all[fnId(name)]!.Properties.Environment.Variables.DEAD_LETTER_QUEUE_URLS, name).toBeUndefined();
    }
  });

  it('lets guestSessionClosed alone refund through the gateway, and it and the alert sweep alone send mail', () => {
    for (const name of Object.keys(stations.functions) as IotFunctionId[]) {
      const statements = roleStatements(template, functionRole(template, fnId(name)));
      const env = (template.toJSON().Resources[fnId(name)] as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment.Variables;
      const mails = name === 'guestSessionClosed' || name === 'alertSweep';
      expect(actionsOf(statements).has('ses:SendEmail'), name).toBe(mails);
      expect(env.MAIL_FROM !== undefined, name).toBe(mails);
      expect(env.PAYMENT_SECRET_ARN !== undefined, name).toBe(name === 'guestSessionClosed');
    }
  });

  it('tags the functions that move money, each granted exactly the table calls it lists; the others their coarse level', () => {
    const all = template.toJSON().Resources as Record<string, { Properties: { Tags?: { Key: string; Value: string }[] } }>;
    const money = (Object.keys(stations.functions) as IotFunctionId[]).filter((name) => all[fnId(name)]!.Properties.Tags?.some((t) => t.Key === MONEY_TAG.key && t.Value === MONEY_TAG.value));
    // Holds, settlements and releases, the guest's refund; not the start marker, the commands, the alerts or the readings.
    expect(money.sort()).toEqual(['guestSessionClosed', 'sweep', 'vendComplete', 'vendFailed', 'vendRequest']);
    for (const name of Object.keys(stations.functions) as IotFunctionId[]) {
      const access = FUNCTION_ACCESS[name].table;
      expect(typeof access === 'string', name).toBe(!money.includes(name));
      expect(tableGrantsOf(roleStatements(template, functionRole(template, fnId(name)))), name).toEqual(expectedTableGrants(access, `<${id(data.table)}.Arn>`));
    }
  });

  it("settles guest sessions from the table's stream as they close, and refunds left in flight, retrying from the failed record, then to the failures queue", () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId('guestSessionClosed') },
      EventSourceArn: { 'Fn::GetAtt': [id(data.table), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: GUEST_SESSION_STREAM_MAPPING.batchSize,
      MaximumRetryAttempts: GUEST_SESSION_STREAM_MAPPING.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: GUEST_SETTLEMENT_STREAM_FILTERS.map((filter) => ({ Pattern: JSON.stringify(filter) })) },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [id(stations.asyncFailureQueue), 'Arn'] } } },
    });
  });
});
