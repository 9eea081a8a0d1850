import { awsJson, awsJsonError, jsonBody, jsonTarget, type AwsAccount, type AwsHandler, type AwsRequest } from './http';

interface Parameter {
  value: string;
  type: string;
  version: number;
  tags: Map<string, string>;
}

/** SSM's ARN of a parameter: the name without its leading slash after `parameter/`. */
export const parameterArn = (account: AwsAccount, name: string) => `arn:aws:ssm:${account.region}:${account.accountId}:parameter/${name.replace(/^\//, '')}`;

/**
 * The local stand-in for the SSM Parameter Store (JSON protocol, `AmazonSSM.<Operation>`), as far as aws-cdk-lib's
 * cross-region references use it: PutParameter, GetParameters, DeleteParameters and parameter tags.
 */
export class LocalParameterStore {
  private readonly parameters = new Map<string, Parameter>();

  constructor(readonly account: AwsAccount) {}

  value(name: string): string | undefined {
    return this.parameters.get(name)?.value;
  }

  readonly handle: AwsHandler = async (request: AwsRequest) => {
    const target = jsonTarget(request);
    if (target?.prefix !== 'AmazonSSM') return awsJsonError('UnknownOperationException', 'Not an SSM request');
    const input = jsonBody<{ Name?: string; Names?: string[]; Value?: string; Type?: string; Overwrite?: boolean; ResourceType?: string; ResourceId?: string; Tags?: { Key: string; Value: string }[]; TagKeys?: string[] }>(request);
    switch (target.operation) {
      case 'PutParameter': {
        if (!input.Name || typeof input.Value !== 'string') return awsJsonError('ValidationException', 'Name and Value are required');
        const existing = this.parameters.get(input.Name);
        if (existing && !input.Overwrite) return awsJsonError('ParameterAlreadyExists', `The parameter ${input.Name} already exists.`);
        const version = (existing?.version ?? 0) + 1;
        this.parameters.set(input.Name, { value: input.Value, type: input.Type ?? 'String', version, tags: existing?.tags ?? new Map<string, string>() });
        return awsJson({ Version: version, Tier: 'Standard' });
      }
      case 'GetParameters': {
        const names = input.Names ?? [];
        const found = names.filter((name) => this.parameters.has(name));
        return awsJson({
          Parameters: found.map((name) => {
            const p = this.parameters.get(name)!;
            return { Name: name, Type: p.type, Value: p.value, Version: p.version, ARN: parameterArn(this.account, name), DataType: 'text' };
          }),
          InvalidParameters: names.filter((name) => !this.parameters.has(name)),
        });
      }
      case 'DeleteParameters': {
        const names = input.Names ?? [];
        const deleted = names.filter((name) => this.parameters.delete(name));
        return awsJson({ DeletedParameters: deleted, InvalidParameters: names.filter((name) => !deleted.includes(name)) });
      }
      case 'AddTagsToResource':
      case 'RemoveTagsFromResource':
      case 'ListTagsForResource': {
        const parameter = input.ResourceType === 'Parameter' && input.ResourceId ? this.parameters.get(input.ResourceId) : undefined;
        if (!parameter) return awsJsonError('InvalidResourceId', `No parameter ${String(input.ResourceId)}`);
        if (target.operation === 'AddTagsToResource') for (const tag of input.Tags ?? []) parameter.tags.set(tag.Key, tag.Value);
        if (target.operation === 'RemoveTagsFromResource') for (const key of input.TagKeys ?? []) parameter.tags.delete(key);
        return awsJson(target.operation === 'ListTagsForResource' ? { TagList: [...parameter.tags].map(([Key, Value]) => ({ Key, Value })) } : {});
      }
      default:
        return awsJsonError('UnknownOperationException', `The local SSM does not implement ${target.operation}`);
    }
  };
}
