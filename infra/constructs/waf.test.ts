import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { only, testStack } from './testing';
import { cloudFrontRules, COGNITO_SIGN_UP_TARGETS, cognitoRules, RATE_LIMITED_WRITE_PATHS, WebAcl } from './waf';

type Rule = {
  Name: string;
  Action?: unknown;
  Statement: { RateBasedStatement?: { Limit: number; AggregateKeyType: string; EvaluationWindowSec: number; ScopeDownStatement: any } };
};

describe('WebAcl construct (CloudFront)', () => {
  const stack = testStack();
  new WebAcl(stack, 'Acl', { scope: 'CLOUDFRONT', metricName: 'Test', description: 'test', rules: cloudFrontRules() });
  const template = Template.fromStack(stack);
  const [, acl] = only(template, 'AWS::WAFv2::WebACL');
  const rules = acl.Properties!.Rules as Rule[];

  it('is a CLOUDFRONT web ACL that allows by default', () => {
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 0);
  });

  it('rate limits POSTs to the public write routes per IP, answering 429', () => {
    const rule = rules.find((r) => r.Name === 'PublicWritesRateLimit')!;
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    const rate = rule.Statement.RateBasedStatement!;
    expect(rate).toMatchObject({ Limit: 30, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const [method, paths] = rate.ScopeDownStatement.AndStatement.Statements;
    expect(method.ByteMatchStatement).toMatchObject({ FieldToMatch: { Method: {} }, SearchString: 'POST', PositionalConstraint: 'EXACTLY' });
    const matched = paths.OrStatement.Statements.map((s: any) => s.ByteMatchStatement);
    expect(matched.map((m: any) => m.SearchString)).toEqual([...RATE_LIMITED_WRITE_PATHS]);
    expect(matched.every((m: any) => m.FieldToMatch.UriPath && m.PositionalConstraint === 'EXACTLY')).toBe(true);
    expect(RATE_LIMITED_WRITE_PATHS).toEqual(expect.arrayContaining(['/api/host-requests', '/api/partner/signup', '/api/guest/orders']));
  });

  it('also limits the whole API and uses the AWS IP reputation and known-bad-inputs lists', () => {
    expect(rules.find((r) => r.Name === 'ApiRateLimit')!.Statement.RateBasedStatement!.Limit).toBe(3000);
    expect(rules.map((r) => r.Name)).toEqual(
      expect.arrayContaining(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet']),
    );
    expect(new Set(rules.map((r: any) => r.Priority)).size).toBe(rules.length);
  });
});

describe('WebAcl construct (regional, on the user pool)', () => {
  const stack = testStack();
  new WebAcl(stack, 'Acl', {
    scope: 'REGIONAL',
    metricName: 'Test',
    description: 'test',
    rules: cognitoRules(),
    associate: ['arn:aws:cognito-idp:ap-southeast-1:123456789012:userpool/ap-southeast-1_abc'],
  });
  const template = Template.fromStack(stack);

  it('rate limits Cognito sign-up (and its e-mails) by the X-Amz-Target header, and is associated with the pool', () => {
    const [aclId, acl] = only(template, 'AWS::WAFv2::WebACL');
    expect(acl.Properties!.Scope).toBe('REGIONAL');
    const rule = (acl.Properties!.Rules as Rule[]).find((r) => r.Name === 'SignUpRateLimit')!;
    const targets = rule.Statement.RateBasedStatement!.ScopeDownStatement.AndStatement.Statements[1].OrStatement.Statements.map(
      (s: any) => s.ByteMatchStatement,
    );
    expect(targets.map((t: any) => t.SearchString)).toEqual([...COGNITO_SIGN_UP_TARGETS]);
    expect(targets[0].FieldToMatch).toEqual({ SingleHeader: { Name: 'x-amz-target' } });
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: 'arn:aws:cognito-idp:ap-southeast-1:123456789012:userpool/ap-southeast-1_abc',
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });
});
