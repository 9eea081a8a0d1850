import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP, HOST_GROUP, Identity, TECHNICIAN_GROUP } from './identity';
import { flat, only, testStack } from './testing';

describe('Identity construct', () => {
  const stack = testStack();
  const identity = new Identity(stack, 'Identity');
  const template = Template.fromStack(stack);

  it('has a user pool with e-mail sign-in, self sign-up, e-mail verification and a strong password policy', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: {
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        Policies: {
          PasswordPolicy: { MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true },
        },
        Schema: Match.arrayWith([
          Match.objectLike({ Name: 'email', Required: true }),
          Match.objectLike({ Name: 'given_name', Mutable: true }),
          Match.objectLike({ Name: 'family_name', Mutable: true }),
        ]),
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        DeletionProtection: 'ACTIVE',
      },
    });
  });

  it("sends its code e-mails through the custom message trigger (the person's language, a reset its own)", () => {
    const [pool] = Object.values(template.findResources('AWS::Cognito::UserPool'));
    const trigger = pool!.Properties.LambdaConfig.CustomMessage as { 'Fn::GetAtt': [string, string] };
    const fn = template.findResources('AWS::Lambda::Function')[trigger['Fn::GetAtt'][0]];
    expect(fn?.Properties.Description).toMatch(/custom message/i);
    template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'cognito-idp.amazonaws.com' });
  });

  it('has one public web client with USER_PASSWORD_AUTH and SRP and no secret, no OAuth without federation', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [, client] = only(template, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({ GenerateSecret: false, SupportedIdentityProviders: ['COGNITO'], PreventUserExistenceErrors: 'ENABLED' });
    expect(client.Properties?.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    expect(client.Properties?.ExplicitAuthFlows).not.toContain('ALLOW_ADMIN_USER_PASSWORD_AUTH');
    expect(client.Properties?.AllowedOAuthFlowsUserPoolClient).toBe(false);
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
  });

  it('has a group for each console role, in the order of precedence of shared/roles.ts', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP, Precedence: 0 });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: TECHNICIAN_GROUP, Precedence: 1 });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: HOST_GROUP, Precedence: 2 });
    expect([ADMIN_GROUP, TECHNICIAN_GROUP, HOST_GROUP]).toEqual(['admin', 'technician', 'host']);
  });

  it('exposes the JWT issuer and the endpoint the browser calls', () => {
    expect(identity.cognitoEndpoint).toBe('https://cognito-idp.ap-southeast-1.amazonaws.com');
    expect(flat(stack.resolve(identity.issuerUrl))).toMatch(/^https:\/\/cognito-idp\.ap-southeast-1\.amazonaws\.com\/<IdentityUserPool\w+>$/);
  });
});

describe('Identity construct with Google federation', () => {
  const stack = testStack();
  const identity = new Identity(stack, 'Identity', {
    google: { clientId: 'client-123.apps.googleusercontent.com', clientSecretName: 'bali-refill/google', domainPrefix: 'bali-refill-test' },
  });
  identity.addRedirectUrl('https://d111111abcdef8.cloudfront.net/');
  const template = Template.fromStack(stack);

  it('adds Google with its secret from Secrets Manager, a Cognito domain, and OAuth on the client', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: 'client-123.apps.googleusercontent.com',
        client_secret: '{{resolve:secretsmanager:bali-refill/google:SecretString:::}}',
        authorize_scopes: 'openid email profile',
      },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'bali-refill-test' });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google'],
      AllowedOAuthFlows: ['code'],
      CallbackURLs: ['https://d111111abcdef8.cloudfront.net/'],
      LogoutURLs: ['https://d111111abcdef8.cloudfront.net/'],
    });
  });
});
