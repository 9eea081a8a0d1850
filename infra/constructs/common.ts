import { execFileSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AssetHashType, DockerImage, Duration, Names, Stack, Tags, Validations, type CfnElement } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing, type IEventSourceDlq } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { Construct, type IConstruct } from 'constructs';
import type { Need } from '@functions/platform/environment';
import { FunctionSettings } from './settings';
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from './function-defaults';
import type { PaymentsMode } from './function-bundle';
import { paymentsModeOf } from './payments-mode';
import { fromRoot, REPO_ROOT } from '../repo-root';

/**
 * Records a cdk-nag (v3) acknowledgement on `scope` and everything below it.
 * Every call carries its own reason; there is no blanket suppression anywhere in the app.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Acknowledges AwsSolutions-IAM5 for one wildcard resource ARN, computing the finding id exactly as cdk-nag
 * does (`Resource::<flattened ARN>`), so only that one wildcard is accepted, never the rule as a whole.
 */
export function acknowledgeWildcardResource(scope: IConstruct, arn: string, reason: string): void {
  const flattened = flattenCfnReference(Stack.of(scope).resolve(arn));
  acknowledge(scope, `AwsSolutions-IAM5[Resource::${flattened}]`, reason);
}

/**
 * An attribute of a resource as cdk-nag writes it in a finding id for a policy of `consumer`: `<LogicalId.Arn>` in
 * the resource's own stack, and in a nested stack the parameter aws-cdk-lib makes to pass the value in
 * (`<referenceto<unique id of the resource><attribute>>`, aws-cdk-lib's core/lib/private/refs.ts).
 */
export function findingReference(consumer: IConstruct, resource: CfnElement, attribute: string): string {
  const owner = Stack.of(resource);
  const stack = Stack.of(consumer);
  if (stack === owner) return `<${owner.getLogicalId(resource)}.${attribute}>`;
  if (stack.nestedStackParent === owner) return `<referenceto${Names.nodeUniqueId(resource.node)}${attribute}>`;
  throw new Error(`${consumer.node.path} is neither in the stack of ${resource.node.path} nor nested in it`);
}

/** Lets a role read one secret's value, nothing more (Secret.grantRead also grants DescribeSecret, which no function calls). */
export function grantSecretValue(role: IGrantable, secret: ISecret, actions: string[] = ['secretsmanager:GetSecretValue']): void {
  role.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [secret.secretArn] }));
}

/**
 * The on-failure destination of a table stream's event source mapping: Lambda sends the failed batch's description to
 * `queue` with the function's role, which needs sqs:SendMessage and nothing more (aws-cdk-lib's SqsDlq also grants
 * GetQueueAttributes and GetQueueUrl, which nobody calls).
 */
export function streamFailureQueue(queue: IQueue): IEventSourceDlq {
  return {
    bind: (_mapping, target) => {
      target.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
      return { destination: queue.queueArn };
    },
  };
}

/** Runtime pinned for every function of the app (see docs/infrastructure.md). */
const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;

/**
 * A function's code as an asset: bundled by infra/constructs/function-bundle.ts in a process of its own (the CDK
 * bundles synchronously, the bundler's plugin needs esbuild's asynchronous API), hashed by its output as
 * aws-cdk-lib's NodejsFunction hashes its bundles. The Docker image is never used: bundling is always local.
 */
function bundledCode(entry: string, paymentsMode: PaymentsMode): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-bundling-only'),
      // Never run (there is no Docker bundling), but part of the key under which the CDK reuses a bundle within one
      // synthesis: every function has the same source folder, so the entry must be in it.
      command: ['bundle-function-cli.ts', entry, paymentsMode],
      local: {
        tryBundle(outputDir) {
          // Bundled ahead of this synthesis, all in one process (bundleFunctionsAhead; the parity suite does), or now.
          const ahead = process.env.FUNCTION_BUNDLES_DIR && join(process.env.FUNCTION_BUNDLES_DIR, paymentsMode, relative(REPO_ROOT, entry));
          if (ahead && existsSync(join(ahead, 'index.mjs'))) cpSync(ahead, outputDir, { recursive: true });
          else execFileSync(process.execPath, ['--import', 'tsx', fromRoot('infra/constructs/bundle-function-cli.ts'), entry, outputDir, paymentsMode], { cwd: REPO_ROOT, stdio: 'inherit' });
          return true;
        },
      },
    },
  });
}

export interface AppFunctionProps {
  /** Repository-relative entry file exporting `handler`. */
  entry: string;
  description: string;
  /** What the function does that needs settings: it gets exactly theirs (functions/platform/environment.ts, FunctionSettings). */
  needs?: Need[];
  memorySize?: number;
  timeout?: Duration;
  logRetention?: RetentionDays;
  /** Dead-letter queue for asynchronous invocations (IoT rules, EventBridge). */
  deadLetterQueue?: IQueue;
  /** It moves money or reads or writes the ledger: tagged MONEY_TAG (see there). */
  money?: boolean;
}

/**
 * The tag of every function that moves money or reads or writes the ledger. `npm run parity` fails when such a
 * function's role grants anything no driver uses (docs/infrastructure.md, "Least privilege where money is"); in the
 * account, it finds them for an audit.
 */
export const MONEY_TAG = { key: 'bali-refill:money', value: 'true' } as const;

/**
 * One Lambda function as every function of this app is built: Node 22 on arm64, bundled by esbuild (function-bundle.ts) to
 * minified ESM with source maps, its own log group with a retention, and its own role that may only write to that
 * log group until the caller grants more (no AWS managed policies).
 */
export class AppFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const entry = fromRoot(props.entry);
    if (!existsSync(entry)) throw new Error(`Lambda entry ${props.entry} does not exist`);

    this.logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention ?? RetentionDays.ONE_MONTH });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.description}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new LambdaFunction(this, 'Function', {
      code: bundledCode(entry, paymentsModeOf(this)),
      handler: 'index.handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? FUNCTION_MEMORY_MB,
      timeout: props.timeout ?? Duration.seconds(FUNCTION_TIMEOUT_SECONDS),
      role: this.role,
      logGroup: this.logGroup,
      deadLetterQueue: props.deadLetterQueue,
      // Powertools (functions/platform/observability.ts): X-Ray traces, metrics, JSON logs.
      tracing: Tracing.ACTIVE,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...FunctionSettings.of(this).environmentFor(props.needs ?? []) },
    });
    if (props.money) Tags.of(this.function).add(MONEY_TAG.key, MONEY_TAG.value);

    acknowledge(
      this,
      'AwsSolutions-IAM5[Resource::*]',
      'Active tracing lets the function send X-Ray segments (xray:PutTraceSegments, xray:PutTelemetryRecords); X-Ray supports no resource-level permissions for these actions, so the resource must be *.',
    );
    acknowledge(
      this,
      'AwsSolutions-L1',
      'Runtime pinned to nodejs22.x on purpose: it is the Node major the code, its dependencies (middy 6, vitest 4) and the local cloud are tested on; moving to a newer runtime is a deliberate, tested change.',
    );
  }
}
