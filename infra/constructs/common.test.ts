import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '../local/lambda-context';
import { AppFunction } from './common';
import { CREATE_REQUIRE_BANNER } from './function-bundle';
import { actionsOf, refId, roleStatements, TEST_ENV, tempDir, testStack, XRAY_ACTIONS } from './testing';

describe('AppFunction', () => {
  it('has its own role (no managed policy) that may only write to its own log group with retention, and send X-Ray traces', () => {
    const stack = testStack();
    const fn = new AppFunction(stack, 'Fn', { entry: 'functions/iot/heartbeat.ts', description: 'test' });
    const template = Template.fromStack(stack);
    const roleId = stack.getLogicalId(fn.role.node.defaultChild as CfnElement);
    const role = template.toJSON().Resources[roleId];
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = roleStatements(template, roleId);
    expect([...actionsOf(statements)].sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents', ...XRAY_ACTIONS]);
    const logs = statements.find((s) => ([] as string[]).concat(s.Action).includes('logs:PutLogEvents'))!;
    expect(refId(logs.Resource)).toBe(stack.getLogicalId(fn.logGroup.node.defaultChild as CfnElement));
    const xray = statements.find((s) => ([] as string[]).concat(s.Action).includes('xray:PutTraceSegments'))!;
    expect(xray.Resource).toBe('*');
    template.hasResourceProperties('AWS::Lambda::Function', {
      TracingConfig: { Mode: 'Active' },
      Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'bali-refill', POWERTOOLS_METRICS_NAMESPACE: 'BaliRefill' }) },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it("gets the memory and timeout that the local cloud's Lambda context reports to the same handler", () => {
    const stack = testStack();
    new AppFunction(stack, 'Fn', { entry: 'functions/iot/heartbeat.ts', description: 'test' });
    const { Properties: deployed } = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0] as { Properties: { MemorySize: number; Timeout: number } };
    const local = lambdaContext('heartbeat');
    expect(String(deployed.MemorySize)).toBe(local.memoryLimitInMB);
    expect(deployed.Timeout * 1000).toBe(local.getRemainingTimeInMillis());
  });

  it('refuses an entry file that does not exist', () => {
    expect(() => new AppFunction(testStack(), 'Fn', { entry: 'functions/http/routes/nope.ts', description: 'x' })).toThrow(/does not exist/);
  });

  it('bundles each function with esbuild to minified ESM with a source map, and CommonJS dependencies work at run time', async () => {
    const app = new App({ outdir: tempDir('cdk-bundle-'), builtinCloudFormationValidation: false }); // bundling on
    const stack = new Stack(app, 'Bundled', { env: TEST_ENV });
    const fn = new AppFunction(stack, 'Fn', { entry: 'infra/constructs/fixtures/cjs-handler.ts', description: 'bundling test' });
    const second = new AppFunction(stack, 'Second', { entry: 'functions/iot/vendRequest.ts', description: 'bundling test' });
    const assembly = app.synth();
    const code = (fn.function.node.defaultChild as CfnFunction).code as { s3Key: string };
    const assetDir = join(assembly.directory, `asset.${stack.resolve(code.s3Key).replace(/\.zip$/, '')}`);
    const bundle = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    // A second function in the same synthesis gets its own bundle (the CDK reuses bundles by their options).
    const other = (second.function.node.defaultChild as CfnFunction).code as { s3Key: string };
    expect(stack.resolve(other.s3Key)).not.toBe(stack.resolve(code.s3Key));
    expect(readFileSync(join(assembly.directory, `asset.${stack.resolve(other.s3Key).replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8')).toContain('vend/request');

    expect(bundle.startsWith(CREATE_REQUIRE_BANNER)).toBe(true);
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
    expect(bundle).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    expect(bundle.split('\n').length).toBeLessThan(10); // minified

    // Run it as Lambda would: a plain ES module in its own Node process, where no global `require` exists.
    const script = `const m = await import(${JSON.stringify(pathToFileURL(join(assetDir, 'index.mjs')).href)}); process.stdout.write(JSON.stringify(await m.handler({ text: 'refill' })));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual({ digest: createHash('sha256').update('refill').digest('hex') });
  });
});
