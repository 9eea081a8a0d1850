import { createHash } from 'node:crypto';
import type { Resource } from '@infra/templates/template';
import type { CloudAssembly, StackArtifact } from './assembly';

/** The account the local deployment pretends to be in (AWS's documentation account id). */
export const PARITY_ACCOUNT_ID = '123456789012';

export class UnresolvedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnresolvedError';
  }
}

/** Something outside the templates that a dynamic reference (`{{resolve:ssm:...}}`, `{{resolve:secretsmanager:...}}`) reads. */
export type DynamicReferences = (service: 'ssm' | 'secretsmanager', reference: string) => string;

type Names = { ref: string; attributes: Record<string, string> };

/**
 * The deployed names of a cloud assembly's resources, as CloudFormation would give them, and the resolution of the
 * templates' intrinsic functions (Ref, Fn::GetAtt, Fn::Sub, Fn::Join, Fn::Select, Fn::Split, Fn::If, Fn::ImportValue)
 * and dynamic references against them. Names are generated like CloudFormation's (`<stack>-<logical id>-<suffix>`)
 * unless the template names the resource; resources that exist locally (the user pool, custom resources) get their
 * real local names through `provide`. A name that cannot be known yet (a custom resource not yet created) throws.
 */
export class Deployment {
  private readonly provided = new Map<string, Partial<Names>>();

  constructor(readonly assembly: CloudAssembly, readonly runId: string, private readonly dynamicReferences: DynamicReferences) {}

  /** Sets the physical id (Ref) and attributes (Fn::GetAtt) of a resource that was created locally. */
  provide(stack: string, logicalId: string, names: { ref?: string; attributes?: Record<string, unknown> }): void {
    const key = `${stack}/${logicalId}`;
    const current = this.provided.get(key) ?? {};
    this.provided.set(key, {
      ref: names.ref ?? current.ref,
      attributes: { ...current.attributes, ...Object.fromEntries(Object.entries(names.attributes ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) },
    });
  }

  private resource(stack: StackArtifact, logicalId: string): Resource {
    const resource = stack.template.Resources[logicalId];
    if (!resource) throw new UnresolvedError(`${stack.name} has no resource ${logicalId}`);
    return resource;
  }

  /** A name CloudFormation would generate for an unnamed resource: stack, logical id and a suffix. */
  generatedName(stack: StackArtifact, logicalId: string, maxLength = 64): string {
    const suffix = createHash('sha256').update(`${this.runId}/${stack.name}/${logicalId}`).digest('hex').slice(0, 12).toUpperCase();
    return `${stack.name}-${logicalId}`.slice(0, maxLength - 13) + `-${suffix}`;
  }

  private arn(stack: StackArtifact, service: string, resource: string, regional = true): string {
    return `arn:aws:${service}:${regional ? stack.region : ''}:${PARITY_ACCOUNT_ID}:${resource}`;
  }

  ref(stackName: string, logicalId: string): string {
    const stack = this.assembly.stack(stackName);
    const provided = this.provided.get(`${stackName}/${logicalId}`)?.ref;
    if (provided !== undefined) return provided;
    const pseudo = this.pseudoParameter(stack, logicalId);
    if (pseudo !== undefined) return pseudo;
    const resource = this.resource(stack, logicalId);
    const p = resource.Properties ?? {};
    const named = (key: string, maxLength?: number) => (typeof p[key] === 'string' ? (p[key] as string) : this.generatedName(stack, logicalId, maxLength));
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table':
        return named('TableName', 255);
      case 'AWS::SecretsManager::Secret':
        throw new UnresolvedError(`The secret ${logicalId} has not been created`);
      case 'AWS::SQS::Queue':
        return `https://sqs.${stack.region}.amazonaws.com/${PARITY_ACCOUNT_ID}/${named('QueueName', 80)}`;
      case 'AWS::SNS::Topic':
        return this.arn(stack, 'sns', named('TopicName', 256));
      case 'AWS::Location::PlaceIndex':
        return named('IndexName', 100);
      case 'AWS::IoT::Policy':
        return named('PolicyName', 128);
      case 'AWS::IoT::ThingType':
        return named('ThingTypeName', 128);
      case 'AWS::IoT::TopicRule':
        return typeof p.RuleName === 'string' ? p.RuleName : this.generatedName(stack, logicalId).replace(/-/g, '_');
      case 'AWS::IAM::Role':
        return named('RoleName', 64);
      case 'AWS::Lambda::Function':
        return named('FunctionName', 64);
      case 'AWS::Logs::LogGroup':
        return named('LogGroupName', 512);
      case 'AWS::Cognito::UserPool':
      case 'AWS::Cognito::UserPoolClient':
        throw new UnresolvedError(`The ${resource.Type} ${logicalId} has not been created`);
      default:
        if (resource.Type.startsWith('Custom::') || resource.Type === 'AWS::CloudFormation::CustomResource') {
          throw new UnresolvedError(`The custom resource ${logicalId} has not been created`);
        }
        return this.generatedName(stack, logicalId);
    }
  }

  getAtt(stackName: string, logicalId: string, attribute: string): string {
    const stack = this.assembly.stack(stackName);
    const provided = this.provided.get(`${stackName}/${logicalId}`)?.attributes?.[attribute];
    if (provided !== undefined) return provided;
    const resource = this.resource(stack, logicalId);
    if (resource.Type.startsWith('Custom::') || resource.Type === 'AWS::CloudFormation::CustomResource') {
      throw new UnresolvedError(`The custom resource ${logicalId} has not answered ${attribute}`);
    }
    const ref = () => this.ref(stackName, logicalId);
    switch (`${resource.Type}.${attribute}`) {
      case 'AWS::DynamoDB::Table.Arn':
        return this.arn(stack, 'dynamodb', `table/${ref()}`);
      case 'AWS::S3::Bucket.Arn':
        return `arn:aws:s3:::${ref()}`;
      case 'AWS::SecretsManager::Secret.Id':
        return ref();
      case 'AWS::SQS::Queue.Arn':
        return this.arn(stack, 'sqs', ref().split('/').at(-1)!);
      case 'AWS::SQS::Queue.QueueName':
        return ref().split('/').at(-1)!;
      case 'AWS::SQS::Queue.QueueUrl':
        return ref();
      case 'AWS::SNS::Topic.TopicArn':
        return ref();
      case 'AWS::Location::PlaceIndex.Arn':
      case 'AWS::Location::PlaceIndex.IndexArn':
        return this.arn(stack, 'geo', `place-index/${ref()}`);
      case 'AWS::IoT::Policy.Arn':
        return this.arn(stack, 'iot', `policy/${ref()}`);
      case 'AWS::IoT::ThingType.Arn':
        return this.arn(stack, 'iot', `thingtype/${ref()}`);
      case 'AWS::IoT::TopicRule.Arn':
        return this.arn(stack, 'iot', `rule/${ref()}`);
      case 'AWS::IAM::Role.Arn':
        return this.arn(stack, 'iam', `role/${ref()}`, false);
      case 'AWS::Lambda::Function.Arn':
        return this.arn(stack, 'lambda', `function:${ref()}`);
      case 'AWS::Logs::LogGroup.Arn':
        return this.arn(stack, 'logs', `log-group:${ref()}:*`);
      case 'AWS::Cognito::UserPool.Arn':
        return this.arn(stack, 'cognito-idp', `userpool/${ref()}`);
      case 'AWS::Cognito::UserPool.ProviderName':
        return `cognito-idp.${stack.region}.amazonaws.com/${ref()}`;
      case 'AWS::Cognito::UserPool.ProviderURL':
        return `https://cognito-idp.${stack.region}.amazonaws.com/${ref()}`;
      case 'AWS::ApiGatewayV2::Api.ApiEndpoint':
        return `https://${ref()}.execute-api.${stack.region}.amazonaws.com`;
      case 'AWS::CloudFront::Distribution.DomainName':
        return `${ref().toLowerCase()}.cloudfront.net`;
      default:
        if (attribute === 'Arn') return this.arn(stack, resource.Type.split('::')[1]!.toLowerCase(), ref());
        return `${ref()}.${attribute}`;
    }
  }

  private pseudoParameter(stack: StackArtifact, name: string): string | undefined {
    switch (name) {
      case 'AWS::Region':
        return stack.region;
      case 'AWS::AccountId':
        return PARITY_ACCOUNT_ID;
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return stack.name;
      case 'AWS::StackId':
        return this.arn(stack, 'cloudformation', `stack/${stack.name}/${this.runId}`);
      default:
        return undefined;
    }
  }

  /** Resolves every intrinsic function and dynamic reference in `value`, as CloudFormation does for the stack. */
  resolve(stackName: string, value: unknown): unknown {
    const stack = this.assembly.stack(stackName);
    const resolve = (v: unknown): unknown => this.resolve(stackName, v);
    const asString = (v: unknown): string => {
      const resolved = resolve(v);
      if (typeof resolved !== 'string') throw new UnresolvedError(`Expected a string, got ${JSON.stringify(resolved)}`);
      return resolved;
    };
    if (typeof value === 'string') return this.resolveDynamicReferences(value);
    if (Array.isArray(value)) return value.map(resolve).filter((v) => v !== NO_VALUE);
    if (!value || typeof value !== 'object') return value;
    const entries: [string, unknown][] = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1) {
      const [fn, arg] = entries[0]!;
      switch (fn) {
        case 'Ref':
          return arg === 'AWS::NoValue' ? NO_VALUE : this.ref(stackName, String(arg));
        case 'Fn::GetAtt': {
          const [id, ...attribute] = Array.isArray(arg) ? (arg as string[]) : String(arg).split('.');
          return this.getAtt(stackName, id!, attribute.join('.'));
        }
        case 'Fn::Join': {
          const [separator, parts] = arg as [string, unknown[]];
          const resolved = resolve(parts) as unknown[];
          return this.resolveDynamicReferences(resolved.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(separator));
        }
        case 'Fn::Sub': {
          const [text, variables = {}] = Array.isArray(arg) ? (arg as [string, Record<string, unknown>]) : [String(arg), {}];
          return this.resolveDynamicReferences(text.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
            if (name.startsWith('!')) return `\${${name.slice(1)}}`;
            if (name in variables) return asString(variables[name]);
            const [id, ...attribute] = name.split('.');
            return attribute.length ? this.getAtt(stackName, id!, attribute.join('.')) : this.ref(stackName, id!);
          }));
        }
        case 'Fn::Select': {
          const [index, list] = arg as [unknown, unknown];
          const resolved = resolve(list) as unknown[];
          return resolved[Number(resolve(index))];
        }
        case 'Fn::Split': {
          const [separator, text] = arg as [string, unknown];
          return asString(text).split(separator);
        }
        case 'Fn::Base64':
          return Buffer.from(asString(arg)).toString('base64');
        case 'Fn::If': {
          const [condition, whenTrue, whenFalse] = arg as [string, unknown, unknown];
          return resolve(this.condition(stack, condition) ? whenTrue : whenFalse);
        }
        case 'Fn::ImportValue':
          return this.importValue(asString(arg));
        case 'Fn::FindInMap': {
          const [map, top, second] = (arg as unknown[]).map((v) => asString(v));
          return resolve(stack.template.Mappings?.[map!]?.[top!]?.[second!]);
        }
      }
    }
    return Object.fromEntries(entries.map(([k, v]) => [k, resolve(v)]).filter(([, v]) => v !== NO_VALUE));
  }

  private condition(stack: StackArtifact, name: string): boolean {
    const evaluate = (c: unknown): boolean => {
      const [fn, arg] = Object.entries(c as object)[0] as [string, unknown[]];
      switch (fn) {
        case 'Fn::Equals':
          return JSON.stringify(this.resolve(stack.name, arg[0])) === JSON.stringify(this.resolve(stack.name, arg[1]));
        case 'Fn::Not':
          return !evaluate(arg[0]);
        case 'Fn::And':
          return arg.every(evaluate);
        case 'Fn::Or':
          return arg.some(evaluate);
        case 'Condition':
          return this.condition(stack, String(arg));
        default:
          throw new UnresolvedError(`Unsupported condition function ${fn}`);
      }
    };
    const definition = stack.template.Conditions?.[name];
    if (!definition) throw new UnresolvedError(`${stack.name} has no condition ${name}`);
    return evaluate(definition);
  }

  private importValue(exportName: string): unknown {
    for (const stack of this.assembly.stacks) {
      for (const output of Object.values(stack.template.Outputs ?? {})) {
        if (output.Export && this.resolve(stack.name, output.Export.Name) === exportName) return this.resolve(stack.name, output.Value);
      }
    }
    throw new UnresolvedError(`No stack exports ${exportName}`);
  }

  private resolveDynamicReferences(text: string): string {
    return text.replace(/\{\{resolve:(ssm|secretsmanager):([^}]+)\}\}/g, (_, service: 'ssm' | 'secretsmanager', reference: string) =>
      this.dynamicReferences(service, reference),
    );
  }
}

const NO_VALUE = Symbol('AWS::NoValue');
