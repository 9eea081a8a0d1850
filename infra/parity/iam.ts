import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { FunctionResource } from './assembly';
import { PARITY_ACCOUNT_ID, type Deployment } from './deployment';

export interface PolicyDocument {
  Version?: string;
  Statement: Statement | Statement[];
}

interface Statement {
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: unknown;
}

/** AWS managed policies the app's roles may carry (aws-cdk-lib's own provider functions use the first). */
const MANAGED_POLICIES: Record<string, PolicyDocument> = {
  'arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole': {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'], Resource: '*' }],
  },
};

/**
 * Granted to every function for the Lambda service itself rather than for its code: logs are written by the runtime,
 * trace segments by the X-Ray daemon. Neither is seen by the recorder, so they are never "granted but never used".
 */
const RUNTIME_ACTIONS = /^(logs:(CreateLogGroup|CreateLogStream|PutLogEvents)|xray:(PutTraceSegments|PutTelemetryRecords))$/i;

/** What Lambda's event source mapping of a DynamoDB stream does with the function's role (ListStreams besides, on "*"). */
const STREAM_READ_ACTIONS = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'];

export type Decision = 'Allowed' | 'ImplicitlyDenied' | 'ExplicitlyDenied';

/** A function's execution role as the template defines it: every identity policy attached to it, resolved. */
export class ExecutionRole {
  private constructor(
    readonly roleName: string,
    readonly roleArn: string,
    readonly policies: { name: string; policy: PolicyDocument }[],
    /** Managed policies this evaluator does not know (listed in the report, granting nothing here). */
    readonly unknownManagedPolicies: string[],
    /** What the Lambda service does with the role on the function's behalf (its dead-letter queue, its stream). */
    private readonly serviceUses: { action: string; resource: string }[] = [],
  ) {}

  static of(fn: FunctionResource, deployment: Deployment): ExecutionRole {
    const stack = fn.stack;
    const roleRef = fn.properties.Role as { 'Fn::GetAtt'?: [string, string] } | undefined;
    const roleId = roleRef?.['Fn::GetAtt']?.[0];
    if (!roleId || stack.template.Resources[roleId]?.Type !== 'AWS::IAM::Role') {
      throw new Error(`${fn.key}: its role is not an AWS::IAM::Role of the same template (${JSON.stringify(roleRef)})`);
    }
    const resolve = <T>(value: unknown) => deployment.resolve(stack.name, value) as T;
    const role = stack.template.Resources[roleId]!.Properties ?? {};
    const policies: { name: string; policy: PolicyDocument }[] = [];
    for (const inline of (role.Policies as { PolicyName: unknown; PolicyDocument: unknown }[] | undefined) ?? []) {
      policies.push({ name: resolve<string>(inline.PolicyName), policy: resolve<PolicyDocument>(inline.PolicyDocument) });
    }
    const unknownManagedPolicies: string[] = [];
    for (const arn of resolve<string[]>(role.ManagedPolicyArns ?? [])) {
      const managed = MANAGED_POLICIES[arn];
      if (managed) policies.push({ name: arn, policy: managed });
      else unknownManagedPolicies.push(arn);
    }
    for (const [id, resource] of Object.entries(stack.template.Resources)) {
      if (resource.Type !== 'AWS::IAM::Policy' && resource.Type !== 'AWS::IAM::ManagedPolicy') continue;
      const roles = (resource.Properties?.Roles as unknown[] | undefined) ?? [];
      if (!roles.some((r) => (r as { Ref?: string }).Ref === roleId)) continue;
      policies.push({ name: id, policy: resolve<PolicyDocument>(resource.Properties!.PolicyDocument) });
    }
    // The Lambda service itself sends failed asynchronous events to the function's dead-letter queue (or topic).
    const deadLetter = (fn.properties.DeadLetterConfig as { TargetArn?: unknown } | undefined)?.TargetArn;
    const serviceUses = deadLetter ? [{ action: 'sqs:SendMessage', resource: resolve<string>(deadLetter) }, { action: 'sns:Publish', resource: resolve<string>(deadLetter) }] : [];
    // An event source mapping reads its table's stream with the function's role, and sends what failed to its
    // on-failure destination (the parity suite plays the mapping: triggers.ts).
    for (const resource of Object.values(stack.template.Resources)) {
      const p = resource.Properties ?? {};
      if (resource.Type !== 'AWS::Lambda::EventSourceMapping' || (p.FunctionName as { Ref?: string } | undefined)?.Ref !== fn.logicalId) continue;
      const stream = resolve<string>(p.EventSourceArn);
      serviceUses.push(...STREAM_READ_ACTIONS.map((action) => ({ action, resource: stream })), { action: 'dynamodb:ListStreams', resource: '*' });
      const onFailure = (p.DestinationConfig as { OnFailure?: { Destination?: unknown } } | undefined)?.OnFailure?.Destination;
      if (onFailure) serviceUses.push({ action: 'sqs:SendMessage', resource: resolve<string>(onFailure) });
    }
    const roleName = deployment.ref(stack.name, roleId);
    return new ExecutionRole(roleName, deployment.getAtt(stack.name, roleId, 'Arn'), policies, unknownManagedPolicies, serviceUses);
  }

  /**
   * IAM's answer to this role calling `action` on `resource` (`*` for actions without a resource type), with the
   * condition keys the request sets.
   */
  async authorize(action: string, resource: string, context: Record<string, string> = {}): Promise<Decision> {
    const result = await runSimulation(
      {
        identityPolicies: this.policies,
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        request: { principal: this.roleArn, action, resource: { resource, accountId: PARITY_ACCOUNT_ID }, contextVariables: context },
      },
      {},
    );
    if (result.resultType === 'error') throw new Error(`IAM simulation of ${action} on ${resource} failed: ${JSON.stringify(result.errors)}`);
    return result.overallResult as Decision;
  }

  /** Every (action, resource pattern) an Allow statement grants, except what the Lambda service uses on the function's behalf. */
  grants(): { action: string; resource: string }[] {
    const grants: { action: string; resource: string }[] = [];
    for (const { policy } of this.policies) {
      for (const statement of statements(policy)) {
        if (statement.Effect !== 'Allow') continue;
        for (const action of list(statement.Action)) {
          if (RUNTIME_ACTIONS.test(action)) continue;
          for (const resource of list(statement.Resource)) {
            if (!this.serviceUses.some((use) => use.action.toLowerCase() === action.toLowerCase() && use.resource === resource)) grants.push({ action, resource });
          }
        }
      }
    }
    return grants;
  }
}

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const statements = (policy: PolicyDocument): Statement[] => (Array.isArray(policy.Statement) ? policy.Statement : [policy.Statement]);

/** IAM's wildcard match: `*` any run of characters, `?` one character. */
export function wildcardMatch(pattern: string, value: string, ignoreCase = false): boolean {
  const regex = new RegExp(`^${pattern.split('').map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('')}$`, ignoreCase ? 'i' : '');
  return regex.test(value);
}
