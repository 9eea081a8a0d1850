import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AppSecrets } from './secrets';
import { Setup } from './setup';
import { actionsOf, functionRole, only, refId, roleStatements, testStack } from './testing';

function build(iotDataEndpoint?: string) {
  const stack = testStack();
  const secrets = new AppSecrets(stack, 'Secrets');
  const setup = new Setup(stack, 'Setup', { secrets, iotDataEndpoint });
  const template = Template.fromStack(stack);
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  return { stack, secrets, setup, template, id };
}

describe('Setup construct', () => {
  const { secrets, setup, template, id } = build();
  const statements = roleStatements(template, functionRole(template, id(setup.function.function)));

  it('is a custom resource of our own function, given the two secrets it works on', () => {
    const [, resource] = only(template, 'Custom::BaliRefillSetup');
    expect(resource.Properties).toEqual({
      ServiceToken: { 'Fn::GetAtt': [id(setup.function.function), 'Arn'] },
      SigningKeySecretArn: { Ref: id(secrets.signingKey) },
      OriginSecretArn: { Ref: id(secrets.originVerify) },
    });
  });

  it('may read and write the signing key, read the origin secret, never the payment secret, and look the IoT endpoint up', () => {
    const onSecret = (secret: { node: { defaultChild?: unknown } }) =>
      new Set(statements.filter((s) => ([] as unknown[]).concat(s.Resource).some((r) => refId(r) === id(secret))).flatMap((s) => ([] as string[]).concat(s.Action)));
    expect(onSecret(secrets.signingKey)).toEqual(new Set(['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']));
    expect(onSecret(secrets.originVerify)).toEqual(new Set(['secretsmanager:GetSecretValue']));
    expect(onSecret(secrets.paymentGateway).size).toBe(0);
    expect(actionsOf(statements).has('iot:DescribeEndpoint')).toBe(true);
  });

  it('may turn on the account\'s job execution events (remote commands read them)', () => {
    expect(actionsOf(statements).has('iot:UpdateEventConfigurations')).toBe(true);
  });

  it('gives functions the endpoint and the origin hash it returns', () => {
    expect(setup.iotEndpoint).toContain('Token');
  });
});

describe('Setup construct with the endpoint from context', () => {
  const { setup, template, id } = build('abc-ats.iot.ap-southeast-1.amazonaws.com');
  it('passes it on and is not allowed to look it up', () => {
    const [, resource] = only(template, 'Custom::BaliRefillSetup');
    expect(resource.Properties!.IotEndpoint).toBe('abc-ats.iot.ap-southeast-1.amazonaws.com');
    expect(actionsOf(roleStatements(template, functionRole(template, id(setup.function.function)))).has('iot:DescribeEndpoint')).toBe(false);
  });
});
