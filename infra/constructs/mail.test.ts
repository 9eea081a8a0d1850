import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AppFunction } from './common';
import { Mail, senderAddress } from './mail';
import { FunctionSettings } from './settings';
import { flat, functionRole, only, roleStatements, testStack } from './testing';

describe('Mail construct', () => {
  const stack = testStack();
  const mail = new Mail(stack, 'Mail', { from: 'Bali Refill <no-reply@mail.example.org>' });
  const sender = new AppFunction(stack, 'Sender', { entry: 'functions/http/routes/getMachine.ts', description: 'sends', needs: ['mail'] });
  const bystander = new AppFunction(stack, 'Bystander', { entry: 'functions/http/routes/listMachines.ts', description: 'does not send' });
  mail.grantSend(sender.role);
  FunctionSettings.of(stack).provide('SITE_URL', 'https://d123.cloudfront.net');
  const template = Template.fromStack(stack);
  const logicalId = (fn: AppFunction) => stack.getLogicalId(fn.function.node.defaultChild as never);

  it("verifies the sender's domain with Easy DKIM under a configuration set that suppresses bounces and complaints", () => {
    const [, identity] = only(template, 'AWS::SES::EmailIdentity');
    const [setId, set] = only(template, 'AWS::SES::ConfigurationSet');
    expect(identity.Properties).toMatchObject({ EmailIdentity: 'mail.example.org', ConfigurationSetAttributes: { ConfigurationSetName: { Ref: setId } } });
    expect(set.Properties).toMatchObject({ SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] }, ReputationOptions: { ReputationMetricsEnabled: true } });
    const outputs = Object.values(template.toJSON().Outputs as Record<string, { Value: unknown }>).map((o) => flat(o.Value));
    expect(outputs.filter((o) => o.includes(' CNAME '))).toHaveLength(3);
  });

  it('gives the sending function MAIL_FROM and the configuration set, and ses:SendEmail from that address only', () => {
    const fn = template.toJSON().Resources[logicalId(sender)].Properties.Environment.Variables as Record<string, unknown>;
    expect(fn.MAIL_FROM).toBe('Bali Refill <no-reply@mail.example.org>');
    expect(fn.SITE_URL).toBe('https://d123.cloudfront.net');
    expect(fn.MAIL_CONFIGURATION_SET).toEqual({ Ref: stack.getLogicalId(mail.configurationSet.node.defaultChild as never) });
    const send = roleStatements(template, functionRole(template, logicalId(sender))).filter((s) => ([] as string[]).concat(s.Action).includes('ses:SendEmail'));
    expect(send).toHaveLength(1);
    expect(([] as string[]).concat(send[0]!.Action)).toEqual(['ses:SendEmail']);
    expect(([] as unknown[]).concat(send[0]!.Resource).map(flat).sort()).toEqual([
      `arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:configuration-set/<${stack.getLogicalId(mail.configurationSet.node.defaultChild as never)}>`,
      `arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/<${stack.getLogicalId(mail.identity.node.defaultChild as never)}>`,
    ].sort());
    expect((send[0] as unknown as { Condition: unknown }).Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@mail.example.org' } });
  });

  it('grants nothing to a function that does not send, nor gives it the settings', () => {
    const actions = roleStatements(template, functionRole(template, logicalId(bystander))).flatMap((s) => ([] as string[]).concat(s.Action));
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(Object.keys(template.toJSON().Resources[logicalId(bystander)].Properties.Environment.Variables)).not.toContain('MAIL_FROM');
    expect(() => FunctionSettings.of(stack).provide('MAIL_FROM', 'x@example.org')).toThrow(/provided twice/);
  });

  it('reads the address of a sender written either way, and refuses anything else', () => {
    expect(senderAddress('Bali Refill <no-reply@example.org>')).toBe('no-reply@example.org');
    expect(senderAddress('no-reply@example.org')).toBe('no-reply@example.org');
    expect(() => senderAddress('Bali Refill')).toThrow(/not an e-mail address/);
    expect(() => senderAddress('Bali <no-reply@localhost>')).toThrow(/not an e-mail address/);
  });
});
