import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { MqttClient } from 'mqtt';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { connectMqtt } from '@functions/platform/adapters/iot/mqtt-connect';
import { ORIGIN_VERIFY_HEADER } from '@functions/http/origin';
import { httpApiAnswer, httpApiEvent, type Claims } from '../local/gateway';
import { passwordSignIn, type LOCAL_ACCOUNTS } from '../local/identity';
import type { LocalDeployment } from './deploy';
import { BatchWriteItemCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { machineItem } from '@functions/stations/adapters/dynamodb/machines';
import { ingestedItem } from '@functions/fleet/adapters/iot/heartbeat-ingest';
import { cloudFrontOriginHeaders, filterMatches, scheduledEvent, topicRuleEvent, triggersOf, type Triggers } from './triggers';
import type { ScenarioValues, TokenNumber } from './drivers/values';

/** The callers a driver can be: nobody, the seeded user, the seeded admin (real tokens from cognito-local). */
export type Caller = 'anonymous' | (typeof LOCAL_ACCOUNTS)[number]['role'];

/** What a driver's check returns: nothing when the answer is right, else what is wrong with it. */
type Verdict = string | undefined | void;

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  /** Parsed JSON when the body is JSON. */
  body: unknown;
}

type Value<T> = T | ((s: Scenario) => T);

export interface HttpCase {
  name: string;
  /** What happens in the world before the request (a payer scans the QR code, time passes): the scenario's doing. */
  before?: (s: Scenario) => Promise<void> | void;
  as?: Caller;
  params?: Value<Record<string, string>>;
  query?: Value<Record<string, string>>;
  body?: Value<Record<string, unknown>>;
  headers?: Value<Record<string, string>>;
  /** The status the function must answer. */
  expect: number;
  check?: (answer: HttpAnswer, s: Scenario) => Verdict | Promise<Verdict>;
}

export interface TopicCase {
  name: string;
  /** As in HttpCase. */
  before?: (s: Scenario) => Promise<void> | void;
  /** The concrete topic the station publishes on (must match the rule's FROM). */
  topic: Value<string>;
  payload: Value<Record<string, unknown>>;
  check?: (result: unknown, s: Scenario) => Verdict | Promise<Verdict>;
}

/** A station's message to a rule whose action writes to the table, whose stream then invokes the function. */
interface StreamCase {
  name: string;
  /** The Basic Ingest topic the station publishes on ($aws/rules/<rule name>/<the rule's FROM>). */
  topic: Value<string>;
  payload: Value<Record<string, unknown>>;
  check?: (result: unknown, s: Scenario) => Verdict | Promise<Verdict>;
}

/**
 * A write to the scenario station's item, or to the item `key` names, which the table's stream hands on (old and new
 * image) to the function.
 */
interface TableChangeCase {
  name: string;
  /** Stations in the table for this case only (written before it, deleted after): a fleet-size path, such as tiles. */
  extraStations?: number;
  /** Another item than the station's: its key (an item not there yet is written new). */
  key?: (s: Scenario) => { PK: string; SK: string };
  /** The item after the write, made from the item before it (its key alone when there was none). */
  change: (item: Record<string, unknown>, s: Scenario) => Record<string, unknown>;
  check?: (result: unknown, s: Scenario) => Verdict | Promise<Verdict>;
}

interface ScheduleCase {
  name: string;
  /** As in HttpCase. */
  before?: (s: Scenario) => Promise<void> | void;
  /** As in TableChangeCase. */
  extraStations?: number;
  check?: (result: unknown, s: Scenario) => Verdict | Promise<Verdict>;
}

/** What Cognito sends the function for one of the pool's triggers (its event, as Cognito builds it). */
interface UserPoolCase {
  name: string;
  /** The pool's trigger that sends it (a key of the pool's LambdaConfig, e.g. CustomMessage). */
  trigger: string;
  event: Value<Record<string, unknown>>;
  check?: (result: unknown, s: Scenario) => Verdict | Promise<Verdict>;
}

interface CustomResourceCase {
  name: string;
  /** Create is what the deployment itself sends; drivers add the later requests. */
  request: 'Update' | 'Delete';
  check?: (response: { Status: string; Data?: Record<string, unknown> }, s: Scenario) => Verdict | Promise<Verdict>;
}

/**
 * How one function is driven through its normal paths, by the trigger its template gives it. Every function of the
 * template needs one (a function without a driver fails the suite), and every driver a function.
 */
export type Driver =
  | { http: HttpCase[] }
  | { topic: TopicCase[] }
  | { stream: StreamCase[] }
  | { tableChange: TableChangeCase[] }
  | { schedule: ScheduleCase[] }
  | { userPool: UserPoolCase[] }
  | { deploy: { check?: (response: { Status: string; Data?: Record<string, unknown> }, s: Scenario) => Verdict; later?: CustomResourceCase[] } };

/** A station the scenario provisions, with an MQTT client subscribed to its reply topics on the local broker. */
interface StationInbox {
  id: string;
  messages: { topic: string; payload: Record<string, unknown> }[];
  client?: MqttClient;
}

/**
 * The state a run's drivers share: who calls, the station the scenario provisions and its MQTT inbox, and values
 * one function's answer hands the next (a host request's id, an NFC token, a vend session: ScenarioValues).
 */
export class Scenario {
  /** What drivers kept for later ones (infra/parity/drivers/values.ts says which keeps and which reads each). */
  readonly values: Partial<ScenarioValues> = {};
  readonly station: StationInbox;
  private claims: Partial<Record<Caller, Claims>> = {};

  constructor(readonly app: LocalDeployment) {
    this.station = { id: `PRT-${Math.floor(10_000 + Math.random() * 89_999)}`, messages: [] };
  }

  /** A value an earlier driver kept; the driver reading it before then fails, naming it. */
  kept<K extends keyof ScenarioValues>(name: K): ScenarioValues[K] {
    const kept = this.values[name];
    if (kept === undefined) throw new Error(`no ${name} yet: the driver that keeps it (infra/parity/drivers/values.ts) has not run or did not keep it`);
    return kept as ScenarioValues[K];
  }

  get userSub(): string {
    return String(this.claims.user?.sub);
  }

  get adminSub(): string {
    return String(this.claims.admin?.sub);
  }

  get userName(): string {
    return String(this.claims.user?.['cognito:username']);
  }

  /** The seeded accounts as the local identity answers them (the admin's with its TOTP secret), in LOCAL_ACCOUNTS' order. */
  get account() {
    return this.app.cloud.identity.outputs.accounts;
  }

  /** Signs the seeded accounts in against cognito-local; the claims are what the JWT authorizer would pass. */
  async signIn(): Promise<void> {
    const { endpoint, region, clientId, accounts } = this.app.cloud.identity.outputs;
    const cognito = new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'parity', secretAccessKey: 'parity' } });
    try {
      for (const account of accounts) {
        const { IdToken } = await passwordSignIn(cognito, clientId, account);
        const claims = await this.app.cloud.identity.verifyToken(IdToken!);
        if (!claims) throw new Error(`cognito-local's token for ${account.username} did not verify`);
        this.claims[account.role as Caller] = claims;
      }
    } finally {
      cognito.destroy();
    }
  }

  /** The claims as API Gateway's JWT authorizer passes them to the function: every value a string, arrays as `[a b]`. */
  authorizerClaims(caller: Caller): Claims | undefined {
    const claims = caller === 'anonymous' ? undefined : this.claims[caller];
    if (!claims) return undefined;
    return Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));
  }

  /** Connects the scenario's station to the local broker (a certificate of the local CA), subscribed to its replies. */
  async connectStation(): Promise<void> {
    const { ca, broker } = this.app.cloud;
    const cert = await ca.issueClient(this.station.id);
    const client = await connectMqtt({ url: broker.url, clientId: this.station.id, certificatePem: cert.certificatePem, privateKeyPem: cert.privateKeyPem, caPem: ca.certificatePem });
    client.on('message', (topic, payload) => this.station.messages.push({ topic, payload: JSON.parse(payload.toString('utf8')) as Record<string, unknown> }));
    await client.subscribeAsync([`stations/${this.station.id}/vend/authorized`, `stations/${this.station.id}/vend/denied`], { qos: 1 });
    this.station.client = client;
  }

  /** The first reply on the station's topic `suffix` matching `where`, waiting up to 3 s for it to arrive. */
  async reply(suffix: 'vend/authorized' | 'vend/denied', where: (payload: Record<string, unknown>) => boolean): Promise<Record<string, unknown> | undefined> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = this.station.messages.find((m) => m.topic === `stations/${this.station.id}/${suffix}` && where(m.payload));
      if (found || Date.now() > deadline) return found?.payload;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    await this.station.client?.endAsync(true);
  }

  /** The deployed single table's name. */
  get tableName(): string {
    for (const stack of this.app.assembly.stacks) {
      const table = Object.entries(stack.template.Resources).find(([, r]) => r.Type === 'AWS::DynamoDB::Table');
      if (table) return this.app.deployment.ref(stack.name, table[0]);
    }
    throw new Error('The template has no table');
  }

  /** Rewrites one item of the table as `change` makes it from the stored one (what time or another process did to it). */
  async changeItem(key: { PK: string; SK: string }, change: (item: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    await changeItem(this.app, this.app.assembly.stacks.at(-1)!.region, this.tableName, key, this, change);
  }

  /** An item of the table as stored now (undefined when there is none). */
  async item(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
    const dynamo = new DynamoDBClient({ endpoint: this.app.cloud.dynamo.endpoint, region: this.app.assembly.stacks.at(-1)!.region, credentials: { accessKeyId: 'parity', secretAccessKey: 'parity' } });
    try {
      const { Item } = await dynamo.send(new GetItemCommand({ TableName: this.tableName, Key: marshall(key), ConsistentRead: true }));
      return Item ? unmarshall(Item) : undefined;
    } finally {
      dynamo.destroy();
    }
  }

  /**
   * The user asks for an NFC token as the app does; kept as `token{n}` and `tokenId{n}`. One live token per account, so
   * a new one is issued only once the last was presented at a station.
   */
  async issueNfcToken(n: TokenNumber): Promise<void> {
    const answer = await requestOf(this.app, 'Api/generateNfcToken', { name: `the user asks for token ${n}`, as: 'user' }, this);
    const body = answer.body as Record<string, unknown> | undefined;
    if (answer.status !== 200 || !body) throw new Error(`token ${n} was not issued: ${answer.status} ${JSON.stringify(body)}`);
    this.values[`token${n}`] = String(body.token);
    this.values[`tokenId${n}`] = String(body.tokenId);
  }

  /** Midtrans posts its signed HTTP notification of the order's status to the webhook: the status the webhook answers. */
  async notify(orderId: string): Promise<number> {
    const answer = await requestOf(this.app, 'Api/paymentNotification', { name: `Midtrans notifies ${orderId}`, body: this.app.cloud.midtrans.notification(orderId) }, this);
    return answer.status;
  }

  /** The e-mails SES took for `to`, oldest first. */
  mailTo(to: string): string[] {
    return this.app.cloud.mail.sent.filter((m) => m.to.includes(to)).map((m) => m.subject);
  }

  /**
   * Midtrans notifies the order while DynamoDB fails the webhook's calls `operation` whose request names all of
   * `texts` (every retry too): the function stops in the middle of its work, as when DynamoDB fails for a moment. The
   * status the webhook answers.
   */
  async notifyWhileDynamoFails(orderId: string, operation: string, texts: string[]): Promise<number> {
    const key = 'Api/paymentNotification';
    const end = this.app.cloud.recorder.fail(key, (call, request) => call.service === 'dynamodb' && call.operation === operation && texts.every((text) => request.body.toString('utf8').includes(text)));
    try {
      return await this.notify(orderId);
    } finally {
      end();
    }
  }

  /**
   * Puts a server key of the payment gateway into the payment secret (the stack's PaymentSecretArn output), as the
   * operator does after the first deployment: from then on payments go to the stand-in of Midtrans (midtrans.ts).
   */
  configurePayments(): void {
    const stack = this.app.assembly.stacks.find((st) => st.template.Outputs?.PaymentSecretArn)!;
    const arn = String(this.app.deployment.resolve(stack.name, stack.template.Outputs!.PaymentSecretArn!.Value));
    this.app.cloud.secrets.put(arn, JSON.stringify({ serverKey: this.app.cloud.midtrans.serverKey }));
  }
}

const value = <T>(v: Value<T> | undefined, s: Scenario): T | undefined => (typeof v === 'function' ? (v as (s: Scenario) => T)(s) : v);

/**
 * The driver's first request sent straight to the execute-api endpoint, without what CloudFront adds: every HTTP
 * function must refuse it (the API is served only through CloudFront, where the WAF applies).
 */
const bypassOf = (first: HttpCase): HttpCase => ({ ...first, name: 'refuses the same request when it skips CloudFront', expect: 403, check: undefined, before: undefined });

/**
 * Drives one function with its driver, through the triggers its template declares. Returns what went wrong in the
 * driving itself (a driver for a trigger the template does not have); the functions' answers are recorded on the
 * deployment.
 */
export async function drive(app: LocalDeployment, key: string, driver: Driver, s: Scenario): Promise<string[]> {
  const deployed = app.functions.get(key)!;
  const triggers = triggersOf(deployed.fn);
  const problems: string[] = [];
  const run = async (label: string, event: unknown, check: (result: unknown) => Verdict | Promise<Verdict>) => {
    const invocation = await app.invoke(key, event, label);
    if (!invocation) return;
    if (!invocation.ok) {
      if (!invocation.fatal) app.complain(key, `failed: ${invocation.error?.errorType}: ${invocation.error?.errorMessage}`);
      return;
    }
    try {
      const verdict = await check(invocation.result);
      if (verdict) app.complain(key, verdict);
    } catch (error) {
      app.complain(key, `check failed: ${(error as Error).message}`);
    }
  };

  if ('http' in driver) {
    const route = triggers.routes[0];
    if (!route || triggers.routes.length > 1) return [`expects one HTTP API route, the template has ${triggers.routes.length}`];
    const originHeaders = cloudFrontOriginHeaders(app.deployment, deployed.fn);
    const bypass = bypassOf(driver.http[0]!);
    for (const c of [...driver.http, bypass]) {
      let event;
      try {
        await c.before?.(s);
        event = httpEvent(route, c, s, c === bypass ? {} : originHeaders);
      } catch (error) {
        problems.push(`${c.name}: ${(error as Error).message}`);
        continue;
      }
      await run(`${route.routeKey}: ${c.name}`, event, async (result) => {
        const answer = answerOf(result);
        if (answer.status !== c.expect) {
          // A 5xx the driver did not expect: the function's own last error log says why.
          const logged = answer.status >= 500 ? deployed.process?.logs.filter((line) => /"level":"(ERROR|WARN)"|Error/.test(line)).at(-1) : undefined;
          return `answered ${answer.status}, expected ${c.expect}: ${answer.text.slice(0, 200)}${logged ? ` (log: ${logged.slice(0, 600)})` : ''}`;
        }
        return c.check?.(answer, s);
      });
    }
  } else if ('topic' in driver) {
    if (!triggers.topicRules.length) return ['drives a topic rule, but no topic rule of the template invokes it'];
    for (const c of driver.topic) {
      let topic: string;
      try {
        await c.before?.(s);
        topic = value(c.topic, s)!;
      } catch (error) {
        problems.push(`${c.name}: ${(error as Error).message}`);
        continue;
      }
      const rule = triggers.topicRules.find((r) => {
        try {
          topicRuleEvent(r.sql, topic, {});
          return true;
        } catch {
          return false;
        }
      });
      if (!rule) {
        problems.push(`${c.name}: no topic rule invoking it matches ${topic}`);
        continue;
      }
      let event;
      try {
        event = topicRuleEvent(rule.sql, topic, value(c.payload, s)!, s.station.id);
      } catch (error) {
        problems.push(`${c.name}: ${(error as Error).message}`);
        continue;
      }
      await run(`${topic}: ${c.name}`, event, (result) => c.check?.(result, s));
    }
  } else if ('stream' in driver) {
    const mapping = triggers.streams[0];
    if (!mapping) return ['drives a table stream, but no event source mapping of the template invokes it'];
    for (const c of driver.stream) {
      const topic = value(c.topic, s)!;
      const written = await writtenByRule(app, topic, value(c.payload, s)!);
      if (typeof written === 'string') {
        problems.push(`${c.name}: ${written}`);
        continue;
      }
      // The record the table's stream hands on for the new item (NEW_IMAGE), through the mapping's filter.
      const record = { eventID: randomUUID(), eventName: 'INSERT', eventVersion: '1.1', eventSource: 'aws:dynamodb', dynamodb: {
        Keys: marshall({ PK: written.PK, SK: written.SK }), NewImage: marshall(written), SequenceNumber: String(Date.now()) + '000000', SizeBytes: 300, StreamViewType: 'NEW_IMAGE',
      } };
      if (!mapping.filters.some((pattern) => filterMatches(JSON.parse(pattern), record))) {
        problems.push(`${c.name}: the event source mapping's filter drops the record the rule's write makes`);
        continue;
      }
      await run(`${topic}: ${c.name}`, { Records: [record] }, (result) => c.check?.(result, s));
    }
  } else if ('tableChange' in driver) {
    const mapping = triggers.streams[0];
    if (!mapping?.tableId) return ["drives a table's changes, but no event source mapping of the template invokes it"];
    for (const c of driver.tableChange) {
      const tableName = app.deployment.ref(deployed.fn.stack.name, mapping.tableId);
      const removeExtra = await addStations(app, deployed.fn.stack.region, tableName, c.extraStations);
      const images = await changeItem(app, deployed.fn.stack.region, tableName, c.key?.(s) ?? keys.machine(s.station.id), s, c.change);
      // The record the table's stream hands on for the write (NEW_AND_OLD_IMAGES), through the mapping's filter.
      const record = { eventID: randomUUID(), eventName: images.before ? 'MODIFY' : 'INSERT', eventVersion: '1.1', eventSource: 'aws:dynamodb', dynamodb: {
        Keys: marshall({ PK: images.after.PK, SK: images.after.SK }), ...(images.before ? { OldImage: marshall(images.before, { removeUndefinedValues: true }) } : {}), NewImage: marshall(images.after, { removeUndefinedValues: true }),
        SequenceNumber: String(Date.now()) + '000000', SizeBytes: 600, StreamViewType: 'NEW_AND_OLD_IMAGES',
      } };
      if (!mapping.filters.some((pattern) => filterMatches(JSON.parse(pattern), record))) {
        problems.push(`${c.name}: the event source mapping's filter drops the record of the write`);
        continue;
      }
      await run(`${mapping.logicalId}: ${c.name}`, { Records: [record] }, (result) => c.check?.(result, s));
      await removeExtra();
    }
  } else if ('schedule' in driver) {
    const schedule = triggers.schedules[0];
    if (!schedule) return ['drives a schedule, but no EventBridge rule of the template targets it'];
    for (const c of driver.schedule) {
      try {
        await c.before?.(s);
      } catch (error) {
        problems.push(`${c.name}: ${(error as Error).message}`);
        continue;
      }
      const variables = (deployed.fn.properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const removeExtra = c.extraStations ? await addStations(app, deployed.fn.stack.region, String(app.deployment.resolve(deployed.fn.stack.name, variables.TABLE_NAME)), c.extraStations) : async () => {};
      await run(`${schedule.expression}: ${c.name}`, scheduledEvent(app.deployment, deployed.fn, schedule.logicalId), (result) => c.check?.(result, s));
      await removeExtra();
    }
  } else if ('userPool' in driver) {
    for (const c of driver.userPool) {
      const pool = triggers.userPoolTriggers.find((t) => t.trigger === c.trigger);
      if (!pool) {
        problems.push(`${c.name}: no user pool of the template invokes it as its ${c.trigger} trigger`);
        continue;
      }
      await run(`${pool.logicalId} ${c.trigger}: ${c.name}`, value(c.event, s), (result) => c.check?.(result, s));
    }
  } else {
    const runs = app.customResources.filter((r) => r.functionKey === key);
    if (!triggers.customResources.length || !runs.length) return ['is driven by its custom resource, but no custom resource of the template uses it'];
    for (const created of runs) {
      if (created.response) {
        const verdict = driver.deploy.check?.(created.response as { Status: string; Data?: Record<string, unknown> }, s);
        if (verdict) app.complain(key, `Create ${created.logicalId}: ${verdict}`);
      }
      for (const c of driver.deploy.later ?? []) {
        if (!created.response) continue;
        // A request that failed is already recorded on the invocation by the deployment.
        const response = await app.customResourceRequest(created, c.request);
        if (typeof response === 'string') continue;
        const verdict = await c.check?.(response, s);
        if (verdict) app.complain(key, `${c.name}: ${verdict}`);
      }
    }
  }
  return problems;
}

/** An HTTP function's answer as the browser gets it: the body parsed when it is JSON. */
function answerOf(result: unknown): HttpAnswer & { text: string } {
  const answer = httpApiAnswer(result as APIGatewayProxyStructuredResultV2 | string);
  const text = answer.body.toString('utf8');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: kept as text
  }
  return { status: answer.status, headers: answer.headers, body, text };
}

/**
 * One request to an HTTP function outside its own driver, as the world makes it through CloudFront (the payment
 * gateway posting its notification): recorded as the function's invocation; its answer.
 */
async function requestOf(app: LocalDeployment, key: string, c: Omit<HttpCase, 'expect'>, s: Scenario): Promise<HttpAnswer> {
  const fn = app.functions.get(key)!.fn;
  const event = httpEvent(triggersOf(fn).routes[0]!, { ...c, expect: 0 }, s, cloudFrontOriginHeaders(app.deployment, fn));
  const invocation = await app.invoke(key, event, `${c.name} (from another driver)`);
  if (!invocation?.ok) throw new Error(`${key} failed: ${invocation?.fatal ?? invocation?.error?.errorMessage ?? 'not started'}`);
  return answerOf(invocation.result);
}

function httpEvent(route: Triggers['routes'][number], c: HttpCase, s: Scenario, originHeaders: Record<string, string>) {
  const [method, template] = route.routeKey.split(' ') as [string, string];
  const params = value(c.params, s) ?? {};
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${c.name}: no value for the path parameter ${name}`);
    return encodeURIComponent(params[name]);
  });
  const body = value(c.body, s);
  const headers: Record<string, string> = {
    host: 'd111111abcdef8.cloudfront.net',
    'user-agent': 'Amazon CloudFront',
    'x-forwarded-proto': 'https',
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...value(c.headers, s),
    ...originHeaders,
  };
  if (!Object.hasOwn(originHeaders, ORIGIN_VERIFY_HEADER)) delete headers[ORIGIN_VERIFY_HEADER];
  // The JWT authorizer runs only on routes the template gives it; a public route's function never sees claims.
  const claims = route.jwt ? s.authorizerClaims(c.as ?? 'anonymous') : undefined;
  if (route.jwt && !claims) throw new Error(`${c.name}: ${route.routeKey} has a JWT authorizer, which answers 401 without calling the function`);
  return httpApiEvent({
    routeKey: `${method} ${template}`,
    path,
    rawQueryString: new URLSearchParams(value(c.query, s) ?? {}).toString(),
    headers,
    params,
    body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    claims,
    sourceIp: '203.0.113.10',
    apiId: 'parity',
  });
}

export const newKey = () => randomUUID();

/**
 * What the template's Basic Ingest rule named in `topic` writes to the table for `payload` (its DynamoDBv2 PutItem),
 * written to the deployed table; or what is wrong. The rule's SQL is evaluated by its local twin (heartbeat-ingest.ts,
 * whose test holds the two to the same attributes).
 */
/** Writes the scenario station's item as `change` makes it from the stored one; both images, as the stream has them. */
/** Writes `count` stations across south Bali (none without a count) and returns what deletes them again. */
async function addStations(app: LocalDeployment, region: string, tableName: string, count = 0): Promise<() => Promise<void>> {
  if (!count) return async () => {};
  const dynamo = new DynamoDBClient({ endpoint: app.cloud.dynamo.endpoint, region, credentials: { accessKeyId: 'parity', secretAccessKey: 'parity' } });
  const at = new Date().toISOString();
  const ids = Array.from({ length: count }, (_, i) => `PRF-${String(i).padStart(5, '0')}`);
  const batches = (request: (id: string, i: number) => Record<string, unknown>) => Array.from({ length: Math.ceil(ids.length / 25) }, (_, b) =>
    dynamo.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: ids.slice(b * 25, b * 25 + 25).map((id, i) => request(id, b * 25 + i)) } })));
  await Promise.all(batches((id, i) => ({ PutRequest: { Item: marshall(machineItem({
    id, name: `Parity fleet ${i}`, location: 'Badung, Bali', latitude: (-8.85 + (i % 30) / 100).toFixed(4), longitude: (115.0 + Math.floor(i / 30) % 30 / 100).toFixed(4),
    status: 'online', lastHeartbeat: at, heartbeatReceivedAt: at, createdAt: at, updatedAt: at,
  })) } })));
  return async () => {
    try {
      await Promise.all(batches((id) => ({ DeleteRequest: { Key: marshall(keys.machine(id)) } })));
    } finally {
      dynamo.destroy();
    }
  };
}

async function changeItem(app: LocalDeployment, region: string, tableName: string, key: { PK: string; SK: string }, s: Scenario, change: TableChangeCase['change']) {
  const dynamo = new DynamoDBClient({ endpoint: app.cloud.dynamo.endpoint, region, credentials: { accessKeyId: 'parity', secretAccessKey: 'parity' } });
  try {
    const { Item } = await dynamo.send(new GetItemCommand({ TableName: tableName, Key: marshall(key), ConsistentRead: true }));
    const before = Item ? unmarshall(Item) : null;
    const after = change(before ?? key, s);
    await dynamo.send(new PutItemCommand({ TableName: tableName, Item: marshall(after, { removeUndefinedValues: true }) }));
    return { before, after };
  } finally {
    dynamo.destroy();
  }
}

async function writtenByRule(app: LocalDeployment, topic: string, payload: Record<string, unknown>): Promise<Record<string, unknown> | string> {
  const m = /^\$aws\/rules\/([^/]+)\/(.+)$/.exec(topic);
  if (!m) return `${topic} is not a Basic Ingest topic`;
  const [, ruleName, ruleTopic] = m as unknown as [string, string, string];
  for (const stack of app.assembly.stacks) {
    for (const resource of Object.values(stack.template.Resources)) {
      const p = resource.Properties ?? {};
      if (resource.Type !== 'AWS::IoT::TopicRule' || p.RuleName !== ruleName) continue;
      const payloadOfRule = p.TopicRulePayload as { Sql: string; Actions: { DynamoDBv2?: { PutItem: { TableName: unknown } } }[] };
      const action = payloadOfRule.Actions.find((a) => a.DynamoDBv2)?.DynamoDBv2;
      if (!action) return `the rule ${ruleName} has no DynamoDBv2 action`;
      const levels = ruleTopic.split('/');
      const from = /FROM '([^']+)'/.exec(payloadOfRule.Sql)?.[1] ?? '';
      if (from.split('/').length !== levels.length || from.split('/').some((level, i) => level !== '+' && level !== levels[i])) return `${ruleTopic} does not match the rule's FROM '${from}'`;
      const item = ingestedItem(payload, levels[1]!, Date.now());
      if (!item) return `the rule's WHERE drops the payload`;
      const tableName = String(app.deployment.resolve(stack.name, action.PutItem.TableName));
      const dynamo = new DynamoDBClient({ endpoint: app.cloud.dynamo.endpoint, region: stack.region, credentials: { accessKeyId: 'parity', secretAccessKey: 'parity' } });
      try {
        await dynamo.send(new PutItemCommand({ TableName: tableName, Item: marshall(item) }));
      } finally {
        dynamo.destroy();
      }
      return item;
    }
  }
  return `no topic rule of the template is named ${ruleName}`;
}
