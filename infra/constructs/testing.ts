import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, NestedStack, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { Template as TemplateJson } from '@infra/templates/template';
import { flattenNestedStacks } from '@infra/templates/nested-stacks';
import type { TableAccess } from '@shared/routes/route';
import { fromRoot } from '../repo-root';
import { tableActionsOf } from './data';
import { afterAll } from 'vitest';

/** Test helpers for the construct tests (not a test file itself). */

export const TEST_ENV = { account: '123456789012', region: 'ap-southeast-1' };

/** Temporary folders (cloud assemblies, fake builds), removed after the importing test file has run. */
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** The feature flags of cdk.json, so a test synthesizes with the same flags as `cdk synth` and `cdk deploy`. */
const CDK_JSON_CONTEXT = (JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/** An app whose stacks skip bundling (fast) and skip the built-in CloudFormation validation (slow, WASM). */
export function testApp(context: Record<string, unknown> = {}): App {
  return new App({
    outdir: tempDir('cdk-test-'),
    builtinCloudFormationValidation: false,
    context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context },
  });
}

export function testStack(context: Record<string, unknown> = {}, id = 'Test'): Stack {
  return new Stack(testApp(context), id, { env: TEST_ENV });
}

/**
 * A stack's template with its nested stacks taken into it (infra/templates/nested-stacks.ts, as the parity suite reads
 * it), so a test finds a route's function and its role in one template; `idOf` is an element's logical id there.
 */
export function withNestedStacks(stack: Stack): { template: Template; idOf: (element: CfnElement) => string } {
  const nested = new Map<string, TemplateJson>();
  for (const child of stack.node.findAll()) {
    if (child instanceof NestedStack && child.nestedStackResource) {
      nested.set(child.nestedStackParent!.getLogicalId(child.nestedStackResource), Template.fromStack(child).toJSON() as TemplateJson);
    }
  }
  const template = Template.fromJSON(flattenNestedStacks(Template.fromStack(stack).toJSON() as TemplateJson, (logicalId) => nested.get(logicalId)));
  const idOf = (element: CfnElement): string => {
    let owner = Stack.of(element);
    let id = owner.getLogicalId(element);
    while (owner.nestedStackParent && owner.nestedStackResource) {
      id = `${owner.nestedStackParent.getLogicalId(owner.nestedStackResource)}${id}`;
      owner = owner.nestedStackParent;
    }
    return id;
  };
  return { template, idOf };
}

/** A fake `npm run build` output: index.html, a hashed bundle, a document. */
export function fakeWebBuild(withAssets = true): string {
  const dir = tempDir('web-dist-');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Bali Refill</title>');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'user-flow.md'), '# User flow');
  if (withAssets) {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  }
  return dir;
}

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

export function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type) as Record<string, Resource>);
}

/** The one resource of a type (fails when there is not exactly one). */
export function only(template: Template, type: string): [string, Resource] {
  const found = resources(template, type);
  if (found.length !== 1) throw new Error(`expected exactly one ${type}, found ${found.length}`);
  return found[0]!;
}

/** The logical id a `{ Ref }` or `{ Fn::GetAtt }` points at. */
export function refId(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const v = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
    return v.Ref ?? v['Fn::GetAtt']?.[0];
  }
  return undefined;
}

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string>>;
}

/** Every IAM statement attached (inline policies) to a role, by the role's logical id. */
export function roleStatements(template: Template, roleLogicalId: string): Statement[] {
  return resources(template, 'AWS::IAM::Policy')
    .filter(([, p]) => ((p.Properties?.Roles as unknown[]) ?? []).some((r) => refId(r) === roleLogicalId))
    .flatMap(([, p]) => (p.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

export const actionsOf = (statements: Statement[]) => new Set(statements.flatMap((s) => ([] as string[]).concat(s.Action)));

/** The role of a Lambda function, by the function's logical id. */
export function functionRole(template: Template, functionLogicalId: string): string {
  const fn = template.toJSON().Resources[functionLogicalId] as Resource;
  return refId(fn.Properties?.Role)!;
}

/** Joins an Fn::Join / string into a readable string (tokens shown as <Ref>). */
export function flat(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('Fn::Join' in v) {
      const [sep, parts] = v['Fn::Join'] as [string, unknown[]];
      return parts.map(flat).join(sep);
    }
    if ('Ref' in v) return `<${String(v.Ref)}>`;
    if ('Fn::GetAtt' in v) return `<${(v['Fn::GetAtt'] as string[]).join('.')}>`;
  }
  return JSON.stringify(value);
}

/** What active tracing grants every function (on *: X-Ray has no resource-level permissions). */
/** What an event source mapping reads of the table's stream with the function's role: not the table's grants. */
const STREAM_ACTIONS = /^dynamodb:(DescribeStream|GetRecords|GetShardIterator|ListStreams)$/;

/**
 * The table grants of a role, one `<action> on <flattened resource>` each, sorted; and what `access` should grant on
 * the table whose ARN flattens to `tableArn` (infra/constructs/data.ts): item calls on the table, a query on each index
 * by name.
 */
export function tableGrantsOf(statements: Statement[]): string[] {
  return statements
    .flatMap((s) => ([] as string[]).concat(s.Action).filter((a) => a.startsWith('dynamodb:') && !STREAM_ACTIONS.test(a)).flatMap((a) => ([] as unknown[]).concat(s.Resource).map((r) => `${a} on ${flat(r)}`)))
    .sort();
}
export const expectedTableGrants = (access: TableAccess, tableArn: string) =>
  tableActionsOf(access).map((a) => (a.startsWith('Query:') ? `dynamodb:Query on ${tableArn}/index/${a.slice('Query:'.length)}` : `dynamodb:${a} on ${tableArn}`)).sort();

export const XRAY_ACTIONS = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
