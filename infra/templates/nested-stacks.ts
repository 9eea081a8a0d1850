import type { Resource, Template } from './template';

/** Metadata put on each resource taken out of a nested stack: the nested stack's construct path. */
export const NESTED_STACK_PATH = 'parity:nested-stack-path';

const NESTED_STACK_TYPE = 'AWS::CloudFormation::Stack';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A template with its nested stacks (AWS::CloudFormation::Stack resources, as aws-cdk-lib's NestedStack makes them)
 * taken into it: what CloudFormation deploys as one unit, in one template. Each nested resource's logical id is
 * prefixed with the nested stack's (so ids cannot clash), a nested stack's parameters are replaced by the values the
 * parent passes, and the parent's `Fn::GetAtt [<nested stack>, Outputs.<name>]` by the output's value. The local
 * deployment and the construct tests then read one template, whatever the split into nested stacks.
 *
 * `nestedTemplateOf` answers the template of a nested stack resource (undefined: it is left as it is).
 */
export function flattenNestedStacks(template: Template, nestedTemplateOf: (logicalId: string, resource: Resource) => Template | undefined): Template {
  const resources: Record<string, Resource> = {};
  const conditions: Record<string, unknown> = { ...template.Conditions };
  const outputsOf = new Map<string, Record<string, unknown>>();
  const inlined = new Map<string, string[]>();

  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    const nested = resource.Type === NESTED_STACK_TYPE ? nestedTemplateOf(logicalId, resource) : undefined;
    if (!nested) {
      resources[logicalId] = resource;
      continue;
    }
    const inner = flattenNestedStacks(nested, nestedTemplateOf);
    if (inner.Mappings && Object.keys(inner.Mappings).length) throw new Error(`Nested stack ${logicalId} has mappings, which flattening does not carry over`);
    const parameters = (resource.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const rename = (id: string) => `${logicalId}${id}`;
    const rewrite = renamer(rename, parameters);
    const cdkPath = resource.Metadata?.['aws:cdk:path'];
    const nestedPath = typeof cdkPath === 'string' ? cdkPath.replace(/\.NestedStack\/.*$/, '') : logicalId;
    for (const [innerId, innerResource] of Object.entries(inner.Resources)) {
      resources[rename(innerId)] = {
        ...(rewrite(innerResource) as Resource),
        Metadata: { ...innerResource.Metadata, [NESTED_STACK_PATH]: innerResource.Metadata?.[NESTED_STACK_PATH] ?? nestedPath },
      };
    }
    for (const [name, condition] of Object.entries(inner.Conditions ?? {})) conditions[rename(name)] = rewrite(condition);
    outputsOf.set(logicalId, Object.fromEntries(Object.entries(inner.Outputs ?? {}).map(([name, output]) => [name, rewrite(output.Value)])));
    inlined.set(logicalId, Object.keys(inner.Resources).map(rename));
  }

  // The parent's (and the nested stacks' parameters') references to nested outputs, and dependencies on nested stacks.
  const output = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(output);
    if (!isObject(value)) return value;
    const getAtt = value['Fn::GetAtt'];
    if (Object.keys(value).length === 1 && getAtt !== undefined) {
      const [id, attribute] = Array.isArray(getAtt) ? (getAtt as string[]) : String(getAtt).split(/\.(.*)/s);
      const outputs = outputsOf.get(id!);
      if (outputs && attribute?.startsWith('Outputs.')) {
        const name = attribute.slice('Outputs.'.length);
        if (!(name in outputs)) throw new Error(`Nested stack ${id} has no output ${name}`);
        return output(outputs[name]);
      }
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, output(v)]));
  };
  for (const [id, resource] of Object.entries(resources)) {
    const dependsOn = resource.DependsOn === undefined ? undefined : [resource.DependsOn].flat().flatMap((d) => inlined.get(d) ?? [d]);
    resources[id] = { ...(output(resource) as Resource), ...(dependsOn ? { DependsOn: dependsOn } : {}) };
  }
  return {
    ...template,
    Resources: resources,
    ...(Object.keys(conditions).length ? { Conditions: output(conditions) as Record<string, unknown> } : {}),
    ...(template.Outputs ? { Outputs: output(template.Outputs) as Template['Outputs'] } : {}),
  };
}

/** Rewrites a nested template's value into the parent's terms: its own logical ids renamed, its parameters replaced. */
function renamer(rename: (id: string) => string, parameters: Record<string, unknown>) {
  const isPseudo = (name: string) => name.startsWith('AWS::');
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!isObject(value)) return value;
    const entries = Object.entries(value);
    if (entries.length === 1) {
      const [fn, arg] = entries[0]!;
      switch (fn) {
        case 'Ref': {
          const name = String(arg);
          if (isPseudo(name)) return value;
          return name in parameters ? parameters[name] : { Ref: rename(name) };
        }
        case 'Fn::GetAtt': {
          const [id, attribute] = Array.isArray(arg) ? (arg as string[]) : String(arg).split(/\.(.*)/s);
          return { 'Fn::GetAtt': [rename(id!), attribute] };
        }
        case 'Fn::Sub': {
          const [text, variables = {}] = Array.isArray(arg) ? (arg as [string, Record<string, unknown>]) : [String(arg), {}];
          const bound: Record<string, unknown> = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, rewrite(v)]));
          const renamed = text.replace(/\$\{([^}!][^}]*)\}/g, (whole, name: string) => {
            if (name in variables || isPseudo(name)) return whole;
            if (name in parameters) {
              bound[name] = parameters[name];
              return whole;
            }
            const [id, ...attribute] = name.split('.');
            return `\${${[rename(id!), ...attribute].join('.')}}`;
          });
          return { 'Fn::Sub': Object.keys(bound).length ? [renamed, bound] : renamed };
        }
        case 'Fn::If': {
          const [condition, ...branches] = arg as [string, unknown, unknown];
          return { 'Fn::If': [rename(condition), ...branches.map(rewrite)] };
        }
        case 'Condition':
          return { Condition: rename(String(arg)) };
      }
    }
    const rewritten: Record<string, unknown> = Object.fromEntries(entries.map(([k, v]) => [k, rewrite(v)]));
    if (typeof value.Condition === 'string' && 'Type' in value) rewritten.Condition = rename(value.Condition);
    if (value.DependsOn !== undefined && 'Type' in value) rewritten.DependsOn = [value.DependsOn].flat().map((d) => rename(String(d)));
    return rewritten;
  };
  return rewrite;
}
