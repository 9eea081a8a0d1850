import { Aws, Duration, Fn, Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnPolicy, CfnThingType, CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { HEARTBEAT_INGEST_RULE } from '@shared/constants';
import {
  GUEST_SESSION_STREAM_MAPPING,
  GUEST_SETTLEMENT_STREAM_FILTERS,
} from '@functions/guests/adapters/dynamodb/guest-session-changes';
import {
  HEARTBEAT_INGEST_SQL,
  HEARTBEAT_STREAM_FILTER,
  HEARTBEAT_STREAM_MAPPING,
} from '@functions/fleet/adapters/iot/heartbeat-ingest';
import { acknowledge, acknowledgeWildcardResource, AppFunction, grantSecretValue, streamFailureQueue } from './common';
import type { Data } from './data';
import type { Mail } from './mail';
import type { Need } from '@functions/platform/environment';
import type { TableAccess } from '@shared/routes/route';
import type { AppSecrets } from './secrets';
import { FunctionSettings } from './settings';

/** `${iot:Connection.Thing.ThingName}`: the IoT policy variable, kept literal (CDK joins strings with Fn::Join, never Fn::Sub). */
export const THING_NAME = '${iot:Connection.Thing.ThingName}';
/** What a station may publish, under stations/<its thing name>/ (heartbeats go through Basic Ingest: HEARTBEAT_INGEST_TOPIC). */
export const STATION_PUBLISH_TOPICS = ['vend/request', 'vend/started', 'vend/complete', 'vend/failed', 'command/progress'] as const;
/** A station's heartbeat topic under the Basic Ingest prefix of the heartbeat rule. */
export const HEARTBEAT_INGEST_TOPIC = `$aws/rules/${HEARTBEAT_INGEST_RULE}/stations/${THING_NAME}/heartbeat`;
/** A station's own IoT Jobs topics (the jobs device API: notify-next, start-next, update), which it publishes, subscribes to and receives. */
export const STATION_JOBS_TOPICS = `$aws/things/${THING_NAME}/jobs/*`;
/** What a station may subscribe to and receive, under stations/<its thing name>/. */
/** Where a station gets the signed vend token of a session it may dispense for. */
export const VEND_TOKEN_TOPIC = 'vend/authorized';
export const STATION_RECEIVE_TOPICS = [VEND_TOKEN_TOPIC, 'vend/denied'] as const;

export type IotFunctionId = 'heartbeat' | 'presence' | 'vendRequest' | 'vendStarted' | 'vendComplete' | 'vendFailed' | 'guestSessionClosed' | 'commandResult' | 'sweep' | 'commandSweep' | 'alertSweep';
/**
 * The rules whose action is a function (the heartbeat rule writes to the table itself): one per function, named after
 * it, and the commandResult function's second rule (the stations' progress).
 */
export type RuleId = Exclude<IotFunctionId, ScheduledFunctionId | 'heartbeat' | 'guestSessionClosed'> | 'commandProgress';
/** The targets of the sweep schedule (every minute), each with a role of its own. */
const SCHEDULED_FUNCTIONS = ['sweep', 'commandSweep', 'alertSweep'] as const;
type ScheduledFunctionId = (typeof SCHEDULED_FUNCTIONS)[number];
/** The function a rule invokes. */
export const ruleFunction = (ruleId: RuleId): IotFunctionId => (ruleId === 'commandProgress' ? 'commandResult' : ruleId);

interface RuleSpec {
  sql: string;
  description: string;
}

/** One topic rule per station message, plus presence; topic(2) of stations/<id>/... is the station id. */
export const TOPIC_RULES: Record<RuleId, RuleSpec> = {
  vendRequest: {
    sql: "SELECT token, requestId, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/request'",
    description: 'A station read an NFC/QR token and asks to vend: the authorize function',
  },
  vendStarted: {
    sql: "SELECT sessionId, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/started'",
    description: 'A station opened the valve for a session: shown live to its payer (no money moves)',
  },
  vendComplete: {
    sql: "SELECT sessionId, dispensedMl, offline, token, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/complete'",
    description: 'A station dispensed and metered millilitres (online, or offline with the NFC token as proof): the settle function',
  },
  vendFailed: {
    sql: "SELECT sessionId, reason, topic(2) AS stationId, timestamp() AS receivedAt FROM 'stations/+/vend/failed'",
    description: 'A dispense failed: release the hold at once',
  },
  commandResult: {
    // Turned on for the account by the setup resource (functions/deploy/setup.ts): one event per job execution's end.
    sql: "SELECT * FROM '$aws/events/jobExecution/#'",
    description: "IoT job executions' ends (remote commands): each station's result, then the rollout's next step",
  },
  commandProgress: {
    sql: "SELECT jobId, progress, topic(2) AS stationId FROM 'stations/+/command/progress'",
    description: "A station's progress on a remote command (firmware download and install)",
  },
  presence: {
    // $aws/events/presence/<connected|disconnected>/<clientId>: the client id is the thing name, i.e. the station id.
    sql: "SELECT *, topic(4) AS eventType, topic(5) AS stationId FROM '$aws/events/presence/+/+'",
    description: 'IoT Core lifecycle events: a disconnected station is marked offline at once',
  },
};

const FUNCTION_DESCRIPTIONS: Record<IotFunctionId, string> = {
  heartbeat: 'New readings from the table stream (the heartbeat rule writes them): the station\'s live values and alerts',
  presence: 'IoT rule $aws/events/presence/+/+',
  vendRequest: 'IoT rule stations/+/vend/request',
  vendStarted: 'IoT rule stations/+/vend/started',
  vendComplete: 'IoT rule stations/+/vend/complete',
  vendFailed: 'IoT rule stations/+/vend/failed',
  guestSessionClosed: "Guest orders' sessions as they close, and guest refunds left in flight, from the table stream: the rest of the payment refunded through the gateway, the receipt e-mailed",
  commandResult: 'IoT rules $aws/events/jobExecution/# and stations/+/command/progress (remote commands)',
  sweep: 'Scheduled sweep of expired vend sessions: their holds released (every minute)',
  commandSweep: 'Scheduled sweep of remote command executions queued too long at stations that never came back (every minute)',
  alertSweep: 'Scheduled sweep of alerts: silent stations, the dead-letter queues, due alert e-mails (every minute)',
};

/** The function that answers a station's vend request on stations/<id>/vend/authorized|denied (a signed vend token). */
export const VEND_FUNCTIONS: IotFunctionId[] = ['vendRequest'];

export interface StationsProps {
  data: Data;
  secrets: AppSecrets;
  /** The alert sweep e-mails alerts; guestSessionClosed e-mails guests' receipts. */
  mail: Mail;
  /** The operations address: alerts whose rule names nobody in settings (the one that gets the CloudWatch alarms). */
  alertEmail?: string | undefined;
  logRetention?: RetentionDays;
}

/**
 * What each station function does that needs settings (functions/platform/environment.ts), what it does with the table
 * (shared/routes/, TableAccess), and whether it moves money (MONEY_TAG): those list exactly the calls they make.
 */
export const FUNCTION_ACCESS: Record<IotFunctionId, { needs: Need[]; table: TableAccess; money?: true }> = {
  heartbeat: { needs: ['table'], table: 'write' },
  presence: { needs: ['table'], table: 'write' },
  vendRequest: { needs: ['table', 'signingKey', 'iotData'], table: ['GetItem', 'PutItem', 'UpdateItem'], money: true },
  vendStarted: { needs: ['table'], table: 'write' },
  vendComplete: { needs: ['table'], table: ['GetItem', 'PutItem', 'UpdateItem'], money: true },
  vendFailed: { needs: ['table'], table: ['GetItem', 'PutItem', 'UpdateItem'], money: true },
  guestSessionClosed: { needs: ['table', 'paymentSecret', 'mail'], table: ['GetItem', 'PutItem', 'UpdateItem'], money: true },
  commandResult: { needs: ['table', 'iotJobs'], table: 'write' },
  sweep: { needs: ['table'], table: ['GetItem', 'PutItem', 'UpdateItem', 'Query:GSI2'], money: true },
  commandSweep: { needs: ['table', 'iotJobs'], table: 'write' },
  alertSweep: { needs: ['table', 'mail', 'alerts'], table: 'write' },
};

const iotArn = (resource: string) => `arn:${Aws.PARTITION}:iot:${Aws.REGION}:${Aws.ACCOUNT_ID}:${resource}`;

/** What creating and canceling a command's jobs needs (functions/fleet/adapters/iot/iot-station-jobs.ts). */
export const IOT_JOB_ACTIONS = ['iot:CreateJob', 'iot:CancelJob'];

/**
 * Lets a function create IoT jobs for any station (iot:CreateJob on the job and on each thing it targets) and/or
 * cancel them (iot:CancelJob on the job).
 */
export function grantIotJobs(fn: AppFunction, what: 'create' | 'cancel' | 'both', reason: string): void {
  const jobs = iotArn('job/*');
  const things = iotArn('thing/*');
  if (what !== 'cancel') fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['iot:CreateJob'], resources: [jobs, things] }));
  if (what !== 'create') fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['iot:CancelJob'], resources: [jobs] }));
  for (const arn of what === 'cancel' ? [jobs] : [jobs, things]) acknowledgeWildcardResource(fn.role, arn, reason);
}

/**
 * The station back end on AWS IoT Core: the thing type and the policy every station certificate gets,
 * the topic rules that hand station messages to the functions in functions/iot/, the sweep schedule,
 * and the dead-letter queues that catch whatever could not be delivered or processed.
 */
export class Stations extends Construct {
  readonly thingType: CfnThingType;
  readonly policy: CfnPolicy;
  readonly functions: Record<IotFunctionId, AppFunction>;
  /** The rules that invoke a function, and the heartbeat rule that writes readings to the table. */
  readonly rules: Record<RuleId | 'heartbeat', CfnTopicRule>;
  /** Error action of every topic rule. */
  readonly ruleErrorQueue: Queue;
  /** Dead-letter queue of the functions' asynchronous invocations and of the schedule target. */
  readonly asyncFailureQueue: Queue;
  readonly sweepSchedule: Rule;

  constructor(scope: Construct, id: string, props: StationsProps) {
    super(scope, id);
    const { data, secrets } = props;

    this.thingType = new CfnThingType(this, 'ThingType', {
      thingTypeProperties: { thingTypeDescription: 'Bali Refill water refill station', searchableAttributes: ['area'] },
    });

    this.policy = new CfnPolicy(this, 'StationPolicy', {
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            Sid: 'ConnectOnlyAsItsOwnThing',
            Effect: 'Allow',
            Action: 'iot:Connect',
            Resource: iotArn(`client/${THING_NAME}`),
            Condition: { Bool: { 'iot:Connection.Thing.IsAttached': 'true' } },
          },
          {
            Sid: 'PublishOnItsOwnTopics',
            Effect: 'Allow',
            Action: 'iot:Publish',
            Resource: [...STATION_PUBLISH_TOPICS.map((t) => iotArn(`topic/stations/${THING_NAME}/${t}`)), iotArn(`topic/${HEARTBEAT_INGEST_TOPIC}`)],
          },
          {
            Sid: 'SubscribeToItsOwnReplies',
            Effect: 'Allow',
            Action: 'iot:Subscribe',
            Resource: STATION_RECEIVE_TOPICS.map((t) => iotArn(`topicfilter/stations/${THING_NAME}/${t}`)),
          },
          {
            Sid: 'ReceiveItsOwnReplies',
            Effect: 'Allow',
            Action: 'iot:Receive',
            Resource: STATION_RECEIVE_TOPICS.map((t) => iotArn(`topic/stations/${THING_NAME}/${t}`)),
          },
          {
            Sid: 'UseItsOwnJobs',
            Effect: 'Allow',
            Action: ['iot:Publish', 'iot:Receive'],
            Resource: iotArn(`topic/${STATION_JOBS_TOPICS}`),
          },
          {
            Sid: 'SubscribeToItsOwnJobs',
            Effect: 'Allow',
            Action: 'iot:Subscribe',
            Resource: iotArn(`topicfilter/${STATION_JOBS_TOPICS}`),
          },
        ],
      },
    });

    const settings = FunctionSettings.of(this);
    settings.provide('IOT_POLICY_NAME', this.policy.ref);
    settings.provide('IOT_THING_TYPE_NAME', this.thingType.ref);
    settings.provide('IOT_THING_ARN_PREFIX', iotArn('thing/'));

    this.ruleErrorQueue = new Queue(this, 'RuleErrors', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.ruleErrorQueue,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter destination: the error action of every IoT topic rule (cdk-nag only recognises redrive policies and Lambda DLQ configs).',
    );
    this.asyncFailureQueue = new Queue(this, 'AsyncFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    const make = (fnId: IotFunctionId, timeout = Duration.seconds(30)) =>
      new AppFunction(this, fnId, {
        entry: `functions/iot/${fnId}.ts`,
        description: FUNCTION_DESCRIPTIONS[fnId],
        needs: FUNCTION_ACCESS[fnId].needs,
        timeout,
        logRetention: props.logRetention,
        deadLetterQueue: this.asyncFailureQueue,
        money: FUNCTION_ACCESS[fnId].money,
      });

    this.functions = {
      heartbeat: make('heartbeat'),
      presence: make('presence'),
      vendRequest: make('vendRequest'),
      vendStarted: make('vendStarted'),
      vendComplete: make('vendComplete'),
      vendFailed: make('vendFailed'),
      guestSessionClosed: make('guestSessionClosed'),
      commandResult: make('commandResult'),
      sweep: make('sweep', Duration.seconds(55)),
      commandSweep: make('commandSweep', Duration.seconds(55)),
      alertSweep: make('alertSweep', Duration.seconds(55)),
    };

    for (const [fnId, fn] of Object.entries(this.functions) as [IotFunctionId, AppFunction][]) {
      data.grant(fn.role, FUNCTION_ACCESS[fnId].table);
      // A vend request is pointless once the station gave up waiting; everything else may retry for a while.
      fn.function.configureAsyncInvoke({
        retryAttempts: 2,
        maxEventAge: fnId === 'vendRequest' ? Duration.minutes(2) : Duration.minutes(30),
      });
    }

    // Alert e-mails (functions/fleet/domain/alerts.ts) are sent by the alert sweep. A guest order's session closed by a station's
    // report or by the sweep has the rest of its payment refunded through the gateway and its receipt e-mailed, by
    // guestSessionClosed on the table's stream: the station-facing functions hold no payment key.
    props.mail.grantSend(this.functions.alertSweep.role);
    props.mail.grantSend(this.functions.guestSessionClosed.role);
    grantSecretValue(this.functions.guestSessionClosed.role, secrets.paymentGateway);
    this.onTableStream(data, 'guestSessionClosed', GUEST_SESSION_STREAM_MAPPING, ...GUEST_SETTLEMENT_STREAM_FILTERS);
    // The alert sweep also watches the dead-letter queues (the dead-letter alert rule).
    const deadLetterQueues = [this.ruleErrorQueue, this.asyncFailureQueue];
    settings.provide('ALERT_EMAIL', props.alertEmail ?? '');
    settings.provide('DEAD_LETTER_QUEUE_URLS', Fn.join(',', deadLetterQueues.map((q) => q.queueUrl)));
    for (const queue of deadLetterQueues) queue.grant(this.functions.alertSweep.role, 'sqs:GetQueueAttributes');

    const replyTopics = STATION_RECEIVE_TOPICS.map((t) => iotArn(`topic/stations/*/${t}`));
    for (const fnId of VEND_FUNCTIONS) {
      const fn = this.functions[fnId];
      grantSecretValue(fn.role, secrets.signingKey);
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['iot:Publish'], resources: replyTopics }));
      for (const arn of replyTopics) {
        acknowledgeWildcardResource(
          fn.role,
          arn,
          'The vend functions answer whichever station asked: publish is limited to the two reply topics (vend/authorized, vend/denied) of stations/<id>/, the id being known only at run time.',
        );
      }
    }

    // A station's result that ends a rollout step sends the next step, or cancels the job when the rollout stops.
    grantIotJobs(this.functions.commandResult, 'both', 'commandResult sends the next step of a rollout to its stations and cancels a stopped one: jobs are named per command and step, and things by station id, at run time.');
    // The command sweep times out executions left queued at stations that never came back, and cancels them in IoT
    // (only QUEUED ones: CancelJobExecution without force); a rollout may then move on, as after a station's result.
    grantIotJobs(this.functions.commandSweep, 'both', 'The command sweep cancels one station\'s queued execution of a command step that timed out, and may send the next step or cancel a stopped rollout: jobs and things are known only at run time.');
    this.functions.commandSweep.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['iot:CancelJobExecution'], resources: [iotArn('job/*'), iotArn('thing/*')] }));

    const errorActionRole = new Role(this, 'RuleErrorActionRole', {
      assumedBy: new ServicePrincipal('iot.amazonaws.com'),
      description: 'Lets IoT topic rules put undeliverable messages on the rule error queue',
    });
    this.ruleErrorQueue.grantSendMessages(errorActionRole);

    const rules = {} as Record<RuleId | 'heartbeat', CfnTopicRule>;
    rules.heartbeat = this.heartbeatIngest(data, errorActionRole);
    for (const ruleId of Object.keys(TOPIC_RULES) as RuleId[]) {
      const spec = TOPIC_RULES[ruleId];
      const fn = this.functions[ruleFunction(ruleId)].function;
      const rule = new CfnTopicRule(this, `${ruleId}Rule`, {
        topicRulePayload: {
          sql: spec.sql,
          awsIotSqlVersion: '2016-03-23',
          description: spec.description,
          ruleDisabled: false,
          actions: [{ lambda: { functionArn: fn.functionArn } }],
          errorAction: { sqs: { queueUrl: this.ruleErrorQueue.queueUrl, roleArn: errorActionRole.roleArn, useBase64: false } },
        },
      });
      rule.node.addDependency(errorActionRole);
      fn.addPermission(`InvokeBy${ruleId}Rule`, {
        principal: new ServicePrincipal('iot.amazonaws.com'),
        sourceArn: rule.attrArn,
        sourceAccount: Stack.of(this).account,
      });
      rules[ruleId] = rule;
    }
    this.rules = rules;

    this.sweepSchedule = new Rule(this, 'SweepSchedule', {
      description: 'Expires vend sessions not completed in time and releases their holds; times out command executions queued too long; sweeps the alerts',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: SCHEDULED_FUNCTIONS.map((fnId) => new LambdaFunction(this.functions[fnId].function, {
        deadLetterQueue: this.asyncFailureQueue,
        retryAttempts: 2,
        maxEventAge: Duration.minutes(2),
      })),
    });
  }

  /**
   * Heartbeats without a Lambda per message (docs/stations.md, Heartbeats): the rule, named for Basic Ingest, writes
   * each reading to the table, and the table's stream hands new readings in batches to the heartbeat function.
   */
  private heartbeatIngest(data: Data, errorActionRole: Role): CfnTopicRule {
    const writer = new Role(this, 'HeartbeatRuleRole', {
      assumedBy: new ServicePrincipal('iot.amazonaws.com'),
      description: 'Lets the heartbeat rule put readings in the table',
    });
    writer.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [data.table.tableArn] }));
    const rule = new CfnTopicRule(this, 'heartbeatRule', {
      ruleName: HEARTBEAT_INGEST_RULE,
      topicRulePayload: {
        sql: HEARTBEAT_INGEST_SQL,
        awsIotSqlVersion: '2016-03-23',
        description: 'Station heartbeat (Basic Ingest): the reading written to the table; the stream folds it into the station',
        ruleDisabled: false,
        actions: [{ dynamoDBv2: { roleArn: writer.roleArn, putItem: { tableName: data.table.tableName } } }],
        errorAction: { sqs: { queueUrl: this.ruleErrorQueue.queueUrl, roleArn: errorActionRole.roleArn, useBase64: false } },
      },
    });
    rule.node.addDependency(errorActionRole, writer);
    this.onTableStream(data, 'heartbeat', HEARTBEAT_STREAM_MAPPING, HEARTBEAT_STREAM_FILTER);
    return rule;
  }

  /**
   * A function on the table's stream, from the oldest record kept (what was written while it was being deployed is
   * handled too), retried from the failed record (partial batch responses), then to the failures queue.
   */
  private onTableStream(data: Data, fnId: IotFunctionId, mapping: { batchSize: number; maxBatchingWindowSeconds: number; retryAttempts: number }, ...filters: Record<string, unknown>[]): void {
    this.functions[fnId].function.addEventSource(new DynamoEventSource(data.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: mapping.batchSize,
      maxBatchingWindow: Duration.seconds(mapping.maxBatchingWindowSeconds),
      retryAttempts: mapping.retryAttempts,
      reportBatchItemFailures: true,
      onFailure: streamFailureQueue(this.asyncFailureQueue),
      filters: filters.map((filter) => FilterCriteria.filter(filter)),
    }));
  }

  get functionList(): { id: string; fn: AppFunction }[] {
    return Object.entries(this.functions).map(([id, fn]) => ({ id: `iot-${id}`, fn }));
  }
}
