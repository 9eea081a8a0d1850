import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { routeIds } from '@shared/routes';
import { buildRefillApp, readConfig } from './refill-app';
import { ruleFunction, TOPIC_RULES, type RuleId } from './stations';
import { fakeWebBuild, only, resources, testApp, withNestedStacks } from './testing';

/** Every unacknowledged cdk-nag finding, as "rule at path" lines (empty when the app is clean). */
function nagFindings(app: ReturnType<typeof testApp>): string[] {
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`));
}

describe('the whole app (default region, web build present)', () => {
  const app = testApp({ account: '123456789012', webDistDir: fakeWebBuild(), alarmEmail: 'ops@example.com' });
  const { main, edge, config } = buildRefillApp(app, { env: {} });
  // app.synth() runs the registered AwsSolutions plugin through CDK's validation: it throws on any error finding.
  const assembly = app.synth();

  it('synthesizes with zero unacknowledged cdk-nag findings (errors or warnings)', () => {
    expect(nagFindings(app)).toEqual([]);
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual(['BaliRefill', 'BaliRefillEdge']);
  });

  it('puts the CloudFront web ACL in a us-east-1 stack and references it across regions', () => {
    expect(config.region).toBe('ap-southeast-1');
    expect(edge).toBeDefined();
    expect(edge!.region).toBe('us-east-1');
    expect(main.region).toBe('ap-southeast-1');
    Template.fromStack(edge!).hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    const template = Template.fromStack(main);
    template.resourceCountIs('Custom::CrossRegionExportReader', 1);
    const [, distribution] = only(template, 'AWS::CloudFront::Distribution');
    expect(JSON.stringify((distribution.Properties!.DistributionConfig as { WebACLId: unknown }).WebACLId)).toContain('ExportsReader');
    // The regional ACL guards Cognito sign-up.
    template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'REGIONAL' });
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
  });

  it('wires everything into one deployment: a function and an alarm per route and IoT handler and the setup, log retention everywhere', () => {
    const template = withNestedStacks(main).template;
    const functions = resources(template, 'AWS::Lambda::Function').filter(([, f]) => f.Properties!.Runtime === 'nodejs22.x');
    // One per route, per station topic rule (commandResult takes two: the job execution events and the stations'
    // progress), the heartbeat stream's, guest sessions' settlement (stream), the three sweeps (vend sessions, commands, alerts), the station list's two publishers
    // (schedule, stream), the setup and the user pool's custom message trigger.
    expect(functions).toHaveLength(routeIds.length + new Set(Object.keys(TOPIC_RULES).map((rule) => ruleFunction(rule as RuleId))).size + 1 + 1 + 3 + 2 + 1 + 1);
    template.resourceCountIs('AWS::ApiGatewayV2::Route', routeIds.length);
    const errorAlarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties!.MetricName === 'Errors');
    expect(errorAlarms).toHaveLength(functions.length);
    for (const [, group] of resources(template, 'AWS::Logs::LogGroup')) expect(group.Properties!.RetentionInDays).toBeGreaterThan(0);
    for (const [, fn] of functions) expect(fn.Properties!.LoggingConfig).toBeDefined();
    const outputs = Template.fromStack(main).toJSON().Outputs as Record<string, unknown>;
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining(['WebUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'IotDataEndpoint', 'PaymentSecretArn', 'SigningKeySecretArn']),
    );
    // The API is reached through CloudFront only: its own endpoint is not published.
    expect(JSON.stringify(outputs)).not.toContain('execute-api');
  });

  it('keeps every stack, nested ones included, under the 500 resources CloudFormation allows, with room to grow', () => {
    const stacks = main.node.findAll().filter((c): c is Stack => c instanceof Stack);
    expect(stacks.length).toBeGreaterThan(1);
    for (const stack of stacks) expect(Object.keys(Template.fromStack(stack).toJSON().Resources).length, stack.node.path).toBeLessThan(400);
  });
});

describe('payments in a synthesized app', () => {
  const functionEnvironments = (context: Record<string, unknown>) => {
    const app = testApp({ account: '123456789012', webDistDir: fakeWebBuild(), ...context });
    const { main } = buildRefillApp(app, { nag: false, env: {} });
    const { template } = withNestedStacks(main);
    // The deployed /config.json is a staged asset of the site deployment.
    const configFile = readdirSync(app.outdir, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('config.json'));
    const config = configFile ? readFileSync(join(app.outdir, configFile), 'utf8') : '';
    return { template, config, modes: resources(template, 'AWS::Lambda::Function').map(([, f]) => (f.Properties!.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables?.PAYMENTS_MODE).filter(Boolean) };
  };

  it('are live by default: no function runs the sandbox, and the site is not in test mode', () => {
    const { template, modes, config } = functionEnvironments({});
    expect(modes.length).toBeGreaterThan(0);
    expect(new Set(modes)).toEqual(new Set(['live']));
    expect(JSON.stringify(template.toJSON())).not.toContain('sandbox');
    expect(JSON.parse(config)).toMatchObject({ paymentsMode: 'live' });
  });

  it('run the sandbox only with -c payments=sandbox, and then the site says test mode', () => {
    const { modes, config } = functionEnvironments({ payments: 'sandbox' });
    expect(new Set(modes)).toEqual(new Set(['sandbox']));
    expect(JSON.parse(config)).toMatchObject({ paymentsMode: 'sandbox' });
  });

  it('refuses any other payments value', () => {
    expect(() => readConfig(testApp({ payments: 'test' }), {})).toThrow(/payments must be live or sandbox/);
  });
});

describe('the whole app in us-east-1 with Google federation and no web build', () => {
  const app = testApp({
    region: 'us-east-1',
    webDistDir: '/nonexistent',
    googleClientId: 'client.apps.googleusercontent.com',
    googleClientSecretName: 'bali-refill/google',
    cognitoDomainPrefix: 'bali-refill-test',
    iotDataEndpoint: 'abc-ats.iot.us-east-1.amazonaws.com',
  });
  const { main, edge } = buildRefillApp(app, { env: {} });
  app.synth();

  it('needs no edge stack, still has zero cdk-nag findings', () => {
    expect(edge).toBeUndefined();
    expect(app.node.children.filter((c) => c instanceof Stack)).toHaveLength(1);
    expect(nagFindings(app)).toEqual([]);
    const template = Template.fromStack(main);
    template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', { ProviderName: 'Google' });
    template.resourceCountIs('Custom::AWS', 0);
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('readConfig', () => {
  it('reads context, then CDK_DEFAULT_*, then defaults', () => {
    expect(readConfig(testApp(), {})).toMatchObject({ region: 'ap-southeast-1', stackName: 'BaliRefill', throttle: { rateLimit: 50, burstLimit: 100 }, cognitoWaf: true });
    expect(readConfig(testApp(), { CDK_DEFAULT_REGION: 'eu-west-1', CDK_DEFAULT_ACCOUNT: '111111111111' })).toMatchObject({ region: 'eu-west-1', account: '111111111111' });
    const config = readConfig(testApp({ region: 'ap-southeast-5', tileHosts: 'https://a.example, https://b.example', apiRateLimit: '10', googleClientId: 'x' }), {});
    expect(config).toMatchObject({ region: 'ap-southeast-5', tileHosts: ['https://a.example', 'https://b.example'], throttle: { rateLimit: 10 } });
    expect(config.google).toBeUndefined(); // a client id without its secret does not turn federation on
  });
});
