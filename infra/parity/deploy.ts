import { randomBytes, randomInt } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient, UpdateTimeToLiveCommand, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { REPO_ROOT } from '../repo-root';
import type { CustomResourceResponse } from '../local/aws/cloudformation';
import type { CloudAssembly, FunctionResource, StackArtifact } from './assembly';
import type { ParityCloud } from './cloud';
import { Deployment, PARITY_ACCOUNT_ID, UnresolvedError } from './deployment';
import { FunctionProcess, runtimeEnvironment, type Invocation } from './functions';
import { ExecutionRole } from './iam';
import type { Caller } from './recorder';

/** The services whose SDK clients the functions point at the recorder, by the SDK's endpoint variable suffix. */
const ENDPOINT_VARIABLES = ['DYNAMODB', 'SECRETS_MANAGER', 'COGNITO_IDENTITY_PROVIDER', 'IOT', 'IOT_DATA_PLANE', 'LOCATION', 'SSM', 'SQS', 'SESV2'];

const isCustomResource = (type: string) => type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource';

interface InvocationRecord {
  label: string;
  invocation: Invocation;
  /** What the driver found wrong with the answer (an unexpected status, a missing reply); empty when as expected. */
  problems: string[];
}

/** A function of the deployment: its caller identity at the recorder and, once started, its process. */
export interface DeployedFunction {
  fn: FunctionResource;
  caller?: Caller;
  /** The template's environment, resolved. */
  templateEnvironment?: Record<string, string>;
  /** Why the function could not be started or driven. */
  problems: string[];
  process?: FunctionProcess;
  starting?: Promise<FunctionProcess | undefined>;
  invocations: InvocationRecord[];
}

export interface CustomResourceRun {
  stack: string;
  logicalId: string;
  type: string;
  functionKey: string;
  properties?: Record<string, unknown>;
  response?: CustomResourceResponse;
  problem?: string;
}

/**
 * A cloud assembly deployed into the local cloud the way CloudFormation deploys it: stack after stack, each resource
 * the functions use created from its own template properties (tables in DynamoDB Local, secrets with their generated
 * values, the user pool mapped onto cognito-local, IoT policy and thing type, place index, SES identity), each custom resource
 * created by invoking its function with CloudFormation's Create request and waiting for its answer on the ResponseURL,
 * whose Data then resolves the Fn::GetAtt of everything else.
 */
export class LocalDeployment {
  readonly deployment: Deployment;
  readonly functions = new Map<string, DeployedFunction>();
  readonly customResources: CustomResourceRun[] = [];
  private readonly log: (line: string) => void;

  private constructor(readonly cloud: ParityCloud, readonly assembly: CloudAssembly, readonly runId: string, log?: (line: string) => void) {
    this.log = log ?? (() => undefined);
    this.deployment = new Deployment(assembly, runId, (service, reference) => this.dynamicReference(service, reference));
    for (const fn of assembly.functions()) {
      if (this.functions.has(fn.key)) throw new Error(`Two functions have the key ${fn.key}; drivers could not tell them apart`);
      this.functions.set(fn.key, { fn, problems: [], invocations: [] });
    }
  }

  static async deploy(cloud: ParityCloud, assembly: CloudAssembly, options: { log?: (line: string) => void } = {}): Promise<LocalDeployment> {
    const app = new LocalDeployment(cloud, assembly, randomBytes(4).toString('hex'), options.log);
    for (const stack of assembly.stacks) {
      await app.createResources(stack);
      await app.createCustomResources(stack);
    }
    return app;
  }

  private dynamicReference(service: 'ssm' | 'secretsmanager', reference: string): string {
    if (service === 'ssm') {
      const value = this.cloud.parameters.value(reference.replace(/:\d+$/, ''));
      if (value === undefined) throw new UnresolvedError(`No SSM parameter ${reference}`);
      return value;
    }
    // secret-id:SecretString:json-key:version-stage:version-id, where the secret id may be a full ARN (with colons).
    const parts = reference.split(':');
    const idLength = parts[0] === 'arn' ? 7 : 1;
    const secretId = parts.slice(0, idLength).join(':');
    const [, jsonKey] = parts.slice(idLength);
    const value = this.cloud.secrets.currentValue(secretId);
    if (value === undefined) throw new UnresolvedError(`No secret ${secretId}`);
    return jsonKey ? String((JSON.parse(value) as Record<string, unknown>)[jsonKey]) : value;
  }

  private async createResources(stack: StackArtifact): Promise<void> {
    const dynamo = new DynamoDBClient({ endpoint: this.cloud.dynamo.endpoint, region: stack.region, credentials: { accessKeyId: 'parity', secretAccessKey: 'parity' } });
    try {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        const properties = () => this.deployment.resolve(stack.name, resource.Properties ?? {}) as Record<string, unknown>;
        switch (resource.Type) {
          case 'AWS::DynamoDB::Table': {
            const streamArn = await createTable(dynamo, this.deployment.ref(stack.name, logicalId), properties());
            if (streamArn) this.deployment.provide(stack.name, logicalId, { attributes: { StreamArn: streamArn } });
            break;
          }
          case 'AWS::SecretsManager::Secret': {
            const p = properties();
            const name = typeof p.Name === 'string' ? p.Name : this.deployment.generatedName(stack, logicalId);
            const arn = `arn:aws:secretsmanager:${stack.region}:${PARITY_ACCOUNT_ID}:secret:${name}-${randomBytes(6).toString('base64url').slice(0, 6)}`;
            this.cloud.secrets.create({ name, arn, value: initialSecretValue(p), description: p.Description as string | undefined });
            this.deployment.provide(stack.name, logicalId, { ref: arn, attributes: { Id: arn } });
            break;
          }
          case 'AWS::Cognito::UserPool':
            this.deployment.provide(stack.name, logicalId, { ref: this.cloud.identity.outputs.userPoolId });
            break;
          case 'AWS::Cognito::UserPoolClient':
            this.deployment.provide(stack.name, logicalId, { ref: this.cloud.identity.outputs.clientId, attributes: { ClientId: this.cloud.identity.outputs.clientId } });
            break;
          case 'AWS::IoT::Policy':
            this.cloud.iot.definePolicy(this.deployment.ref(stack.name, logicalId));
            break;
          case 'AWS::IoT::ThingType':
            this.cloud.iot.defineThingType(this.deployment.ref(stack.name, logicalId));
            break;
          case 'AWS::S3::Bucket':
            this.cloud.objects.createBucket(this.deployment.ref(stack.name, logicalId));
            break;
          case 'AWS::Location::PlaceIndex':
            this.cloud.location.defineIndex(this.deployment.ref(stack.name, logicalId));
            break;
          case 'AWS::SES::EmailIdentity':
            // Its Ref is the identity itself: the sender's domain the functions' SendEmail is authorized on.
            this.deployment.provide(stack.name, logicalId, { ref: String(properties().EmailIdentity) });
            break;
        }
      }
    } finally {
      dynamo.destroy();
    }
  }

  /** Custom resources in dependency order: one whose properties need another's answer waits for it. */
  private async createCustomResources(stack: StackArtifact): Promise<void> {
    let waiting = Object.entries(stack.template.Resources).filter(([, r]) => isCustomResource(r.Type));
    while (waiting.length) {
      const next: typeof waiting = [];
      for (const [logicalId, resource] of waiting) {
        let properties: Record<string, unknown>;
        try {
          properties = this.deployment.resolve(stack.name, resource.Properties ?? {}) as Record<string, unknown>;
        } catch (error) {
          if (!(error instanceof UnresolvedError)) throw error;
          next.push([logicalId, resource]);
          continue;
        }
        await this.createCustomResource(stack, logicalId, resource.Type, properties);
      }
      if (next.length === waiting.length) {
        for (const [logicalId, resource] of next) {
          let reason = '';
          try {
            this.deployment.resolve(stack.name, resource.Properties ?? {});
          } catch (error) {
            reason = (error as Error).message;
          }
          this.customResources.push({ stack: stack.name, logicalId, type: resource.Type, functionKey: '?', problem: `its properties cannot be resolved: ${reason}` });
        }
        return;
      }
      waiting = next;
    }
  }

  private async createCustomResource(stack: StackArtifact, logicalId: string, type: string, properties: Record<string, unknown>): Promise<void> {
    const token = stack.template.Resources[logicalId]!.Properties?.ServiceToken as { 'Fn::GetAtt'?: [string, string] } | undefined;
    const target = [...this.functions.values()].find((f) => f.fn.stack === stack && f.fn.logicalId === token?.['Fn::GetAtt']?.[0]);
    const run: CustomResourceRun = { stack: stack.name, logicalId, type, functionKey: target?.fn.key ?? '?', properties };
    this.customResources.push(run);
    if (!target) {
      run.problem = `its ServiceToken is not a function of the stack (${JSON.stringify(token)})`;
      return;
    }
    this.log(`  ${stack.name}: CloudFormation creates ${logicalId} (${type}) with ${target.fn.key}`);
    const response = await this.customResourceRequest(run, 'Create');
    if (typeof response === 'string') {
      run.problem = response;
      return;
    }
    run.response = response;
    this.deployment.provide(stack.name, logicalId, { ref: response.PhysicalResourceId, attributes: response.Data ?? {} });
  }

  /**
   * Sends a custom resource's function CloudFormation's request (Create, or later Update and Delete with the same
   * properties) and waits for its answer on the ResponseURL. A string says what went wrong (also recorded on the
   * invocation).
   */
  async customResourceRequest(run: CustomResourceRun, requestType: 'Create' | 'Update' | 'Delete'): Promise<CustomResourceResponse | string> {
    const { requestId, responseUrl } = this.cloud.responses.newRequest();
    const event = {
      RequestType: requestType,
      ServiceToken: run.properties?.ServiceToken,
      ResponseURL: responseUrl,
      StackId: this.deployment.ref(run.stack, 'AWS::StackId'),
      RequestId: requestId,
      LogicalResourceId: run.logicalId,
      ResourceType: run.type,
      ResourceProperties: run.properties,
      ...(requestType === 'Create' ? {} : { PhysicalResourceId: run.response?.PhysicalResourceId }),
      ...(requestType === 'Update' ? { OldResourceProperties: run.properties } : {}),
    };
    const invocation = await this.invoke(run.functionKey, event, `CloudFormation ${requestType} ${run.logicalId}`);
    if (!invocation) return `${run.functionKey} could not be started`;
    const complain = (problem: string) => (this.complain(run.functionKey, problem), problem);
    let response: CustomResourceResponse;
    try {
      response = await this.cloud.responses.response(requestId, 5_000);
    } catch (error) {
      return complain(`${requestType}: ${(error as Error).message}${this.cloud.responseBase.port443 ? '' : ' (port 443 could not be bound for the ResponseURL)'}`);
    }
    if (response.Status !== 'SUCCESS') return complain(`${requestType} answered ${response.Status}: ${response.Reason ?? ''}`);
    return response;
  }

  /** The function's process, started on first use with exactly its template's environment plus the runtime's. */
  private start(deployed: DeployedFunction): Promise<FunctionProcess | undefined> {
    deployed.starting ??= this.create(deployed);
    return deployed.starting;
  }

  private async create(deployed: DeployedFunction): Promise<FunctionProcess | undefined> {
    const { fn } = deployed;
    if (!fn.runtime.startsWith('nodejs')) {
      deployed.problems.push(`runtime ${fn.runtime}: the suite runs Node.js functions only`);
      return undefined;
    }
    try {
      const environment = (fn.properties.Environment as { Variables?: unknown } | undefined)?.Variables ?? {};
      const resolved = this.deployment.resolve(fn.stack.name, environment) as Record<string, unknown>;
      deployed.templateEnvironment = Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      const role = ExecutionRole.of(fn, this.deployment);
      const functionName = this.deployment.ref(fn.stack.name, fn.logicalId);
      const logGroup = (fn.properties.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup;
      const logGroupName = logGroup ? String(this.deployment.resolve(fn.stack.name, logGroup)) : `/aws/lambda/${functionName}`;
      const accessKeyId = `PARITY${randomBytes(7).toString('hex').toUpperCase()}`;
      deployed.caller = this.cloud.recorder.register({ key: fn.key, functionName, accessKeyId, role });
      const port = await this.cloud.recorder.listen(deployed.caller);
      const endpoint = `https://localhost:${port}`;
      const env: Record<string, string> = {
        ...deployed.templateEnvironment,
        ...runtimeEnvironment(fn, functionName, logGroupName, this.cloud.xray.address),
        AWS_ACCESS_KEY_ID: accessKeyId,
        AWS_SECRET_ACCESS_KEY: randomBytes(20).toString('base64'),
        AWS_SESSION_TOKEN: randomBytes(48).toString('base64'),
        ...Object.fromEntries(ENDPOINT_VARIABLES.map((service) => [`AWS_ENDPOINT_URL_${service}`, endpoint])),
        // On an IP address, S3's client addresses buckets path-style (no <bucket>.localhost for the certificate to name).
        AWS_ENDPOINT_URL_S3: `https://127.0.0.1:${port}`,
        // The local endpoints' certificates come from the local CA; Node reads this once at start, as a runtime setting.
        NODE_EXTRA_CA_CERTS: this.cloud.caFile,
        // The AWS SDK the Lambda Node.js runtime provides for handlers that do not bundle their own (aws-cdk-lib's).
        NODE_PATH: `${REPO_ROOT}/node_modules`,
      };
      deployed.process = new FunctionProcess(fn, env, {
        functionName,
        invokedFunctionArn: this.deployment.getAtt(fn.stack.name, fn.logicalId, 'Arn'),
        logGroupName,
      }, this.cloud.midtrans.replaces);
      await deployed.process.start();
      return deployed.process;
    } catch (error) {
      deployed.problems.push(`could not start: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Invokes a function (starting it when needed) and records the invocation; undefined when it could not be started. */
  async invoke(key: string, event: unknown, label: string): Promise<Invocation | undefined> {
    const deployed = this.functions.get(key);
    if (!deployed) throw new Error(`No function ${key} in the deployment`);
    const process = await this.start(deployed);
    if (!process) return undefined;
    const invocation = await process.invoke(event);
    deployed.invocations.push({ label, invocation, problems: invocation.fatal ? [invocation.fatal] : [] });
    return invocation;
  }

  /** Notes a problem with the last invocation of a function (the driver's verdict on its answer). */
  complain(key: string, problem: string): void {
    const deployed = this.functions.get(key)!;
    const last = deployed.invocations.at(-1);
    if (last) last.problems.push(problem);
    else deployed.problems.push(problem);
  }

  /** Starts a function's process ahead of its first invocation (init overlaps other work). */
  async warm(key: string): Promise<void> {
    const deployed = this.functions.get(key);
    if (deployed) await this.start(deployed);
  }

  async stopFunction(key: string): Promise<void> {
    await this.functions.get(key)?.process?.stop();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.functions.values()].map((f) => f.process?.stop()));
  }
}

/**
 * DynamoDB Local's CreateTable from the template's AWS::DynamoDB::Table (what DynamoDB Local ignores left out), with
 * its stream when the template has one; the stream's ARN.
 */
async function createTable(client: DynamoDBClient, tableName: string, p: Record<string, unknown>): Promise<string | undefined> {
  type Gsi = { IndexName: string; KeySchema: unknown; Projection: unknown; ProvisionedThroughput?: unknown };
  const billing = (p.BillingMode as string | undefined) ?? 'PROVISIONED';
  const input = {
    TableName: tableName,
    AttributeDefinitions: p.AttributeDefinitions,
    KeySchema: p.KeySchema,
    BillingMode: billing,
    ...(billing === 'PROVISIONED' ? { ProvisionedThroughput: p.ProvisionedThroughput } : {}),
    GlobalSecondaryIndexes: (p.GlobalSecondaryIndexes as Gsi[] | undefined)?.map((g) => ({
      IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection, ...(billing === 'PROVISIONED' ? { ProvisionedThroughput: g.ProvisionedThroughput } : {}),
    })),
    LocalSecondaryIndexes: p.LocalSecondaryIndexes,
    ...(p.StreamSpecification ? { StreamSpecification: { StreamEnabled: true, ...(p.StreamSpecification as object) } } : {}),
  } as CreateTableCommandInput;
  const created = await client.send(new CreateTableCommand(input));
  const ttl = p.TimeToLiveSpecification as { AttributeName?: string; Enabled?: boolean } | undefined;
  if (ttl?.Enabled && ttl.AttributeName) {
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: ttl.AttributeName, Enabled: true } }));
  }
  return created.TableDescription?.LatestStreamArn;
}

/** What CloudFormation puts into a new secret: SecretString, or GenerateSecretString's password (in its template's key). */
function initialSecretValue(p: Record<string, unknown>): string {
  if (typeof p.SecretString === 'string') return p.SecretString;
  const g = (p.GenerateSecretString ?? {}) as {
    SecretStringTemplate?: string; GenerateStringKey?: string; PasswordLength?: number; ExcludeCharacters?: string;
    ExcludePunctuation?: boolean; ExcludeUppercase?: boolean; ExcludeLowercase?: boolean; ExcludeNumbers?: boolean; IncludeSpace?: boolean;
  };
  let alphabet = '';
  if (!g.ExcludeUppercase) alphabet += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  if (!g.ExcludeLowercase) alphabet += 'abcdefghijklmnopqrstuvwxyz';
  if (!g.ExcludeNumbers) alphabet += '0123456789';
  if (!g.ExcludePunctuation) alphabet += '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
  if (g.IncludeSpace) alphabet += ' ';
  alphabet = [...alphabet].filter((c) => !(g.ExcludeCharacters ?? '').includes(c)).join('');
  const password = Array.from({ length: g.PasswordLength ?? 32 }, () => alphabet[randomInt(alphabet.length)]).join('');
  if (g.SecretStringTemplate && g.GenerateStringKey) {
    return JSON.stringify({ ...(JSON.parse(g.SecretStringTemplate) as object), [g.GenerateStringKey]: password });
  }
  return password;
}
