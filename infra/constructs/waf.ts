import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

type Rule = CfnWebACL.RuleProperty;
type Statement = CfnWebACL.StatementProperty;

/** Public routes that write (or try passwords): a few per visitor are normal, hundreds are abuse. */
export const RATE_LIMITED_WRITE_PATHS = [
  '/api/host-requests', '/api/partner/signup', '/api/admin/login', '/api/reports', '/api/reports/photo-uploads', '/api/apple-pay/validate-merchant', '/api/guest/orders',
] as const;
/** Cognito operations that create users or send e-mails: sign-up and its relatives. */
export const COGNITO_SIGN_UP_TARGETS = [
  'AWSCognitoIdentityProviderService.SignUp',
  'AWSCognitoIdentityProviderService.ResendConfirmationCode',
  'AWSCognitoIdentityProviderService.ForgotPassword',
] as const;
const COGNITO_SIGN_IN_TARGETS = [
  'AWSCognitoIdentityProviderService.InitiateAuth',
  'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
] as const;

export interface RateLimits {
  /** Requests per IP per 5 minutes to the public write routes (or Cognito sign-up). */
  writes: number;
  /** Requests per IP per 5 minutes to the whole API (or Cognito sign-in). */
  overall: number;
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const exact = (value: string, fieldToMatch: CfnWebACL.FieldToMatchProperty, positionalConstraint = 'EXACTLY'): Statement => ({
  byteMatchStatement: {
    fieldToMatch,
    positionalConstraint,
    searchString: value,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});
const anyOf = (statements: Statement[]): Statement => (statements.length === 1 ? statements[0]! : { orStatement: { statements } });
const allOf = (statements: Statement[]): Statement => ({ andStatement: { statements } });
const isPost = exact('POST', { method: {} });
const amzTarget = (value: string) => exact(value, { singleHeader: { Name: 'x-amz-target' } });

function rateRule(name: string, priority: number, limit: number, scopeDownStatement: Statement): Rule {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429 } } },
    statement: { rateBasedStatement: { limit, evaluationWindowSec: 300, aggregateKeyType: 'IP', scopeDownStatement } },
    visibilityConfig: visibility(name),
  };
}

function managedRule(name: string, priority: number): Rule {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
    visibilityConfig: visibility(name),
  };
}

/** Rules of the CloudFront web ACL: tight limit on public writes, a looser one on the API, AWS reputation lists. */
export function cloudFrontRules(limits: RateLimits = { writes: 30, overall: 3000 }): Rule[] {
  return [
    rateRule(
      'PublicWritesRateLimit',
      0,
      limits.writes,
      allOf([isPost, anyOf(RATE_LIMITED_WRITE_PATHS.map((path) => exact(path, { uriPath: {} })))]),
    ),
    rateRule('ApiRateLimit', 1, limits.overall, exact('/api/', { uriPath: {} }, 'STARTS_WITH')),
    managedRule('AWSManagedRulesAmazonIpReputationList', 2),
    managedRule('AWSManagedRulesKnownBadInputsRuleSet', 3),
  ];
}

/** Rules of the regional web ACL on the Cognito user pool: sign-up (and its e-mails) and sign-in per IP. */
export function cognitoRules(limits: RateLimits = { writes: 20, overall: 300 }): Rule[] {
  return [
    rateRule('SignUpRateLimit', 0, limits.writes, allOf([isPost, anyOf(COGNITO_SIGN_UP_TARGETS.map(amzTarget))])),
    rateRule('SignInRateLimit', 1, limits.overall, allOf([isPost, anyOf(COGNITO_SIGN_IN_TARGETS.map(amzTarget))])),
    managedRule('AWSManagedRulesAmazonIpReputationList', 2),
  ];
}

export interface WebAclProps {
  /** CLOUDFRONT web ACLs must be created in us-east-1. */
  scope: 'CLOUDFRONT' | 'REGIONAL';
  metricName: string;
  description: string;
  rules: Rule[];
  /** REGIONAL only: resources to associate (here the Cognito user pool). */
  associate?: string[];
}

/** A WAFv2 web ACL that allows by default and blocks what its rules match. */
export class WebAcl extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    this.acl = new CfnWebACL(this, 'Acl', {
      scope: props.scope,
      description: props.description,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.metricName),
      rules: props.rules,
    });
    props.associate?.forEach((resourceArn, i) => {
      if (props.scope === 'CLOUDFRONT') throw new Error('CloudFront web ACLs are attached on the distribution, not associated');
      new CfnWebACLAssociation(this, `Association${i}`, { resourceArn, webAclArn: this.acl.attrArn });
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
