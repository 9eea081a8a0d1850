import { Duration, Lazy, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolGroup,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { VERIFICATION_EMAIL } from './account-emails';
import { AppFunction, acknowledge } from './common';
import { FunctionSettings } from './settings';
import { staffRoles } from '@shared/roles';

export const [ADMIN_GROUP, TECHNICIAN_GROUP, HOST_GROUP] = staffRoles;

export interface GoogleFederation {
  /** OAuth client id from the Google Cloud console. */
  clientId: string;
  /** Name or ARN of a Secrets Manager secret whose plain-text value is the Google client secret. */
  clientSecretName: string;
  /** Prefix of the Cognito domain (https://<prefix>.auth.<region>.amazoncognito.com) that Google redirects to. */
  domainPrefix: string;
}

export interface IdentityProps {
  /** Google as a federated identity provider; omitted means e-mail and password only. */
  google?: GoogleFederation;
}

/** Cognito's regional endpoint, https://cognito-idp.<region>.amazonaws.com. */
export const cognitoEndpointOf = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;

/**
 * Cognito: one user pool for customers and the console's roles (groups `admin`, `technician`, `host`), e-mail sign-in
 * with self sign-up, one public app client for the web app. Role checks happen in the handlers from the
 * `cognito:groups` claim, against the route table's auth (shared/routes/).
 */
export class Identity extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly adminGroup: UserPoolGroup;
  readonly domain?: UserPoolDomain;
  readonly googleEnabled: boolean;
  /** The custom message trigger: the code e-mails in the person's language. */
  readonly accountMessage: AppFunction;
  private readonly redirectUrls: string[] = [];

  constructor(scope: Construct, id: string, props: IdentityProps = {}) {
    super(scope, id);
    const google = props.google;
    this.googleEnabled = Boolean(google);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: VERIFICATION_EMAIL.subject,
        emailBody: VERIFICATION_EMAIL.body,
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // The code e-mails in the person's language, the reset one its own (functions/accounts/domain/account-emails.ts); the
    // verification message above is what Cognito sends for anything the trigger leaves alone.
    this.accountMessage = new AppFunction(this, 'AccountMessage', {
      entry: 'functions/identity/accountMessage.ts',
      description: "User pool custom message: sign-up and password reset code e-mails in the person's language",
    });
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, this.accountMessage.function);

    this.adminGroup = new UserPoolGroup(this, 'AdminGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description: 'Administrators of the refill network (admin console and /api/admin/*)',
      precedence: 0,
    });
    // The other console roles of the route table (shared/roles.ts); the precedence is the roles' order there.
    new UserPoolGroup(this, 'TechnicianGroup', {
      userPool: this.userPool,
      groupName: TECHNICIAN_GROUP,
      description: 'Field technicians: stations, alerts, telemetry, water safety and check-ins; never users, balances or money',
      precedence: 1,
    });
    new UserPoolGroup(this, 'HostGroup', {
      userPool: this.userPool,
      groupName: HOST_GROUP,
      description: "Partner businesses hosting stations: their own stations' impact only",
      precedence: 2,
    });

    let googleProvider: UserPoolIdentityProviderGoogle | undefined;
    if (google) {
      googleProvider = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: google.clientId,
        clientSecretValue: SecretValue.secretsManager(google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
        },
      });
      this.domain = this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: google.domainPrefix } });
    }

    const redirects = Lazy.list({ produce: () => this.redirectUrls });
    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...(google ? [UserPoolClientIdentityProvider.GOOGLE] : []),
      ],
      ...(google
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              callbackUrls: redirects,
              logoutUrls: redirects,
            },
          }
        : { disableOAuth: true }),
    });
    if (googleProvider) this.webClient.node.addDependency(googleProvider);
    const settings = FunctionSettings.of(this);
    settings.provide('USER_POOL_ID', this.userPool.userPoolId);
    settings.provide('USER_POOL_CLIENT_ID', this.webClient.userPoolClientId);

    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'Public consumer sign-up: MFA is optional (TOTP) so every customer can turn it on; requiring it would block refills for tourists without an authenticator app. Administrators are expected to enrol TOTP (docs/infrastructure.md).',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'Essentials feature plan: the Plus plan is billed per monthly active user; sign-up and sign-in abuse is rate limited by the regional WAF web ACL associated with this user pool instead.',
    );
  }

  /** Adds an OAuth redirect (sign-in callback and sign-out URL); only used when Google federation is on. */
  addRedirectUrl(url: string): void {
    this.redirectUrls.push(url);
  }

  /** The endpoint the browser talks to (CSP connect-src). */
  get cognitoEndpoint(): string {
    return cognitoEndpointOf(Stack.of(this).region);
  }

  /** The JWT issuer of this pool, for the HTTP API authorizer. */
  get issuerUrl(): string {
    return `${this.cognitoEndpoint}/${this.userPool.userPoolId}`;
  }
}
