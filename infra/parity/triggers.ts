import { randomUUID } from 'node:crypto';
import type { Resource } from '@infra/templates/template';
import type { FunctionResource } from './assembly';
import { PARITY_ACCOUNT_ID, type Deployment } from './deployment';

/**
 * How the template connects a function to the world, read from the template itself: the HTTP API routes whose
 * integration invokes it, the IoT topic rules whose Lambda action invokes it, the EventBridge rules that target it,
 * the custom resources whose ServiceToken it is. Drivers may only reach a function through these.
 */
export interface Triggers {
  routes: { routeKey: string; jwt: boolean }[];
  topicRules: { logicalId: string; sql: string }[];
  schedules: { logicalId: string; expression: string }[];
  /** Event source mappings of a DynamoDB stream: the table's logical id and the filter patterns (JSON, as Lambda reads them). */
  streams: { logicalId: string; tableId: string | undefined; filters: string[] }[];
  customResources: string[];
  /** Cognito user pools' triggers that invoke it: the pool's logical id and the trigger (LambdaConfig's key, e.g. CustomMessage). */
  userPoolTriggers: { logicalId: string; trigger: string }[];
}

const getAttTarget = (value: unknown): string | undefined => (value as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt']?.[0];

export function triggersOf(fn: FunctionResource): Triggers {
  const resources = fn.stack.template.Resources;
  const triggers: Triggers = { routes: [], topicRules: [], schedules: [], streams: [], customResources: [], userPoolTriggers: [] };
  const integrations = new Set(
    Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::ApiGatewayV2::Integration' && getAttTarget(r.Properties?.IntegrationUri) === fn.logicalId)
      .map(([id]) => id),
  );
  for (const [id, resource] of Object.entries(resources) as [string, Resource][]) {
    const p = resource.Properties ?? {};
    switch (resource.Type) {
      case 'AWS::ApiGatewayV2::Route': {
        const target = JSON.stringify(p.Target ?? '');
        if ([...integrations].some((integration) => target.includes(`"Ref":"${integration}"`))) {
          triggers.routes.push({ routeKey: String(p.RouteKey), jwt: p.AuthorizationType === 'JWT' });
        }
        break;
      }
      case 'AWS::IoT::TopicRule': {
        const payload = p.TopicRulePayload as { Sql: string; RuleDisabled?: boolean; Actions: { Lambda?: { FunctionArn: unknown } }[] };
        if (!payload.RuleDisabled && payload.Actions.some((a) => getAttTarget(a.Lambda?.FunctionArn) === fn.logicalId)) triggers.topicRules.push({ logicalId: id, sql: payload.Sql });
        break;
      }
      case 'AWS::Lambda::EventSourceMapping': {
        const patterns = (p.FilterCriteria as { Filters?: { Pattern: string }[] } | undefined)?.Filters?.map((f) => f.Pattern) ?? [];
        if ((p.FunctionName as { Ref?: string } | undefined)?.Ref === fn.logicalId && p.Enabled !== false) triggers.streams.push({ logicalId: id, tableId: getAttTarget(p.EventSourceArn), filters: patterns });
        break;
      }
      case 'AWS::Events::Rule': {
        const targets = (p.Targets as { Arn: unknown }[] | undefined) ?? [];
        if (p.State !== 'DISABLED' && typeof p.ScheduleExpression === 'string' && targets.some((t) => getAttTarget(t.Arn) === fn.logicalId)) {
          triggers.schedules.push({ logicalId: id, expression: p.ScheduleExpression });
        }
        break;
      }
      case 'AWS::Cognito::UserPool': {
        for (const [trigger, target] of Object.entries((p.LambdaConfig as Record<string, unknown> | undefined) ?? {})) {
          if (getAttTarget(target) === fn.logicalId) triggers.userPoolTriggers.push({ logicalId: id, trigger });
        }
        break;
      }
      default:
        if ((resource.Type.startsWith('Custom::') || resource.Type === 'AWS::CloudFormation::CustomResource') && getAttTarget(p.ServiceToken) === fn.logicalId) {
          triggers.customResources.push(id);
        }
    }
  }
  return triggers;
}

/** MQTT topic filter match (`+` one level, `#` the rest). */
function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

/**
 * What an IoT topic rule hands its Lambda action for a message: the rule's SELECT (SQL version 2016-03-23) evaluated
 * on the payload, for the subset the app's rules use: `*`, attributes by name (nested with dots), `topic(n)`,
 * `topic()`, `timestamp()`, `clientid()`, each `AS` a name. Throws when the topic does not match the rule's FROM or
 * the SQL uses something else (a WHERE clause, other functions), so a rule the suite cannot evaluate is never
 * silently driven with a made-up event.
 */
export function topicRuleEvent(sql: string, topic: string, payload: Record<string, unknown>, clientId = 'parity-station'): Record<string, unknown> {
  const match = /^\s*SELECT\s+(.+?)\s+FROM\s+'([^']+)'\s*$/is.exec(sql);
  if (!match) throw new Error(`Topic rule SQL not understood by the suite: ${sql}`);
  const [, projection, filter] = match as unknown as [string, string, string];
  if (!topicMatches(filter, topic)) throw new Error(`Topic ${topic} does not match the rule's FROM '${filter}'`);
  const event: Record<string, unknown> = {};
  const levels = topic.split('/');
  for (const item of projection.split(',').map((s) => s.trim())) {
    if (item === '*') {
      Object.assign(event, payload);
      continue;
    }
    const m = /^(.+?)(?:\s+AS\s+(\w+))?$/i.exec(item)!;
    const expression = m[1]!.trim();
    let value: unknown;
    let name = m[2];
    const fn = /^(\w+)\((\d*)\)$/.exec(expression);
    if (fn) {
      const [, call, arg] = fn;
      if (call === 'topic') value = arg ? levels[Number(arg) - 1] : topic;
      else if (call === 'timestamp') value = Date.now();
      else if (call === 'clientid') value = clientId;
      else throw new Error(`Topic rule function ${call}() not supported by the suite`);
      name ??= call;
    } else if (/^[A-Za-z_][\w.]*$/.test(expression)) {
      value = expression.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), payload);
      name ??= expression.split('.').at(-1);
    } else {
      throw new Error(`Topic rule expression not supported by the suite: ${expression}`);
    }
    if (value !== undefined) event[name!] = value;
  }
  return event;
}

/** The event EventBridge sends a rule's target on its schedule. */
export function scheduledEvent(deployment: Deployment, fn: FunctionResource, ruleLogicalId: string): Record<string, unknown> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: PARITY_ACCOUNT_ID,
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: fn.stack.region,
    resources: [`arn:aws:events:${fn.stack.region}:${PARITY_ACCOUNT_ID}:rule/${deployment.ref(fn.stack.name, ruleLogicalId)}`],
    detail: {},
  };
}

/**
 * The headers CloudFront adds when it sends `/api/*` to its origin (OriginCustomHeaders of the behaviour's origin),
 * resolved as CloudFormation resolves them (dynamic references to secrets included). Empty when no distribution
 * sends the API anything.
 */
export function cloudFrontOriginHeaders(deployment: Deployment, fn: FunctionResource): Record<string, string> {
  for (const resource of Object.values(fn.stack.template.Resources)) {
    if (resource.Type !== 'AWS::CloudFront::Distribution') continue;
    const config = resource.Properties?.DistributionConfig as {
      CacheBehaviors?: { PathPattern: string; TargetOriginId: string }[];
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    };
    const api = config.CacheBehaviors?.find((b) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o) => o.Id === api?.TargetOriginId);
    if (!origin) continue;
    return Object.fromEntries((origin.OriginCustomHeaders ?? []).map((h) => [h.HeaderName.toLowerCase(), String(deployment.resolve(fn.stack.name, h.HeaderValue))]));
  }
  return {};
}

/** Lambda's numeric matching (`{ numeric: ['>', 0, '<=', 5] }`): every comparison holds for the value (a number, or a DynamoDB N string). */
function numericMatches(comparisons: unknown[], value: unknown): boolean {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (Number.isNaN(n)) return false;
  const holds: Record<string, (a: number, b: number) => boolean> = { '<': (a, b) => a < b, '<=': (a, b) => a <= b, '=': (a, b) => a === b, '>=': (a, b) => a >= b, '>': (a, b) => a > b };
  for (let i = 0; i < comparisons.length; i += 2) {
    const compare = holds[String(comparisons[i])];
    if (!compare) throw new Error(`Numeric filter operator not supported by the suite: ${JSON.stringify(comparisons)}`);
    if (!compare(n, Number(comparisons[i + 1]))) return false;
  }
  return true;
}

/**
 * Whether a stream record passes an event source mapping's filter pattern, for the subset of Lambda's filter syntax
 * patterns here use: nested objects, and arrays of exact values, `{ prefix }`, `{ exists }` or `{ numeric }`. Throws
 * on anything else.
 */
export function filterMatches(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) {
    return pattern.some((rule) => {
      if (typeof rule === 'string' || typeof rule === 'number' || typeof rule === 'boolean') return value === rule;
      if (rule && typeof rule === 'object' && 'prefix' in rule) return typeof value === 'string' && value.startsWith(String((rule as { prefix: unknown }).prefix));
      if (rule && typeof rule === 'object' && 'exists' in rule) return (value !== undefined) === (rule as { exists: unknown }).exists;
      if (rule && typeof rule === 'object' && 'numeric' in rule) return numericMatches((rule as { numeric: unknown[] }).numeric, value);
      throw new Error(`Filter rule not supported by the suite: ${JSON.stringify(rule)}`);
    });
  }
  if (pattern && typeof pattern === 'object') {
    return Object.entries(pattern).every(([key, inner]) => filterMatches(inner, value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined));
  }
  throw new Error(`Filter pattern not supported by the suite: ${JSON.stringify(pattern)}`);
}
