import { App, CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { Api } from './api';
import { fromRoot } from '../repo-root';
import { Data } from './data';
import { Identity, type GoogleFederation } from './identity';
import { Mail } from './mail';
import { Observability } from './observability';
import type { PaymentsMode } from './function-bundle';
import { paymentsModeOf } from './payments-mode';
import { photoUploadSourceOf, UploadedFiles } from './uploaded-files';
import { AppSecrets } from './secrets';
import { FunctionSettings } from './settings';
import { Setup } from './setup';
import { Stations } from './stations';
import { StationList } from './station-list';
import { cloudFrontRules, cognitoRules, WebAcl } from './waf';
import { Web } from './web';
import { routes } from '@shared/routes';
import { DEFAULT_REGION } from '@functions/platform/environment';

const DEFAULT_STACK_NAME = 'BaliRefill';
/** The sender of the system's e-mails unless `-c mailFrom=...` names one of the operator's own domain. */
const DEFAULT_MAIL_FROM = 'Bali Refill <no-reply@bali-refill.id>';

/** Everything the app reads from CDK context (`-c key=value` or cdk.json), resolved once. */
export interface AppConfig {
  stackName: string;
  account?: string;
  region: string;
  alarmEmail?: string;
  /** Sender of receipts, refunds and other e-mails (`Name <address>`); its domain is verified in SES by DKIM. */
  mailFrom: string;
  /**
   * "live" (every deployment unless told otherwise): Midtrans with the key put into the payment secret. "sandbox"
   * (`-c payments=sandbox`, a test stage only): simulated payments that settle by themselves, with a test-mode banner.
   */
  payments: PaymentsMode;
  /** Raised to rotate the origin secret CloudFront sends the API (docs/infrastructure.md, "Secrets"). */
  originSecretGeneration: number;
  google?: GoogleFederation;
  iotDataEndpoint?: string;
  tileHosts?: string[];
  /** Extra CSP sources (the defaults are 'self' only). */
  csp: { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[] };
  throttle: { rateLimit: number; burstLimit: number };
  logRetentionDays: RetentionDays;
  geocoderDataSource: 'Here' | 'Esri';
  /** Regional WAF web ACL on the Cognito user pool (sign-up and sign-in rate limits). */
  cognitoWaf: boolean;
  /** The built web app. */
  distDir: string;
}

const list = (value: unknown): string[] | undefined =>
  value === undefined || value === ''
    ? undefined
    : Array.isArray(value)
      ? value.map(String)
      : String(value).split(',').map((s) => s.trim()).filter(Boolean);

export function readConfig(app: Construct, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const ctx = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const number = (key: string, fallback: number) => (ctx(key) === undefined ? fallback : Number(ctx(key)));
  const googleClientId = ctx('googleClientId');
  const googleSecret = ctx('googleClientSecretName');
  const stackName = ctx('stackName') ?? DEFAULT_STACK_NAME;
  const account = ctx('account') ?? env.CDK_DEFAULT_ACCOUNT;
  const dataSource = ctx('geocoderDataSource') ?? 'Here';
  const payments = paymentsModeOf(app);
  if (dataSource !== 'Here' && dataSource !== 'Esri') throw new Error('context geocoderDataSource must be Here or Esri');
  return {
    stackName,
    account,
    region: ctx('region') ?? env.CDK_DEFAULT_REGION ?? DEFAULT_REGION,
    alarmEmail: ctx('alarmEmail'),
    mailFrom: ctx('mailFrom') ?? DEFAULT_MAIL_FROM,
    payments,
    originSecretGeneration: number('originSecretGeneration', 1),
    google:
      googleClientId && googleSecret
        ? {
            clientId: googleClientId,
            clientSecretName: googleSecret,
            domainPrefix: ctx('cognitoDomainPrefix') ?? `${stackName.toLowerCase()}-${account ?? 'auth'}`,
          }
        : undefined,
    iotDataEndpoint: ctx('iotDataEndpoint'),
    tileHosts: list(app.node.tryGetContext('tileHosts')),
    csp: {
      scriptSrc: list(app.node.tryGetContext('cspScriptSrc')) ?? [],
      frameSrc: list(app.node.tryGetContext('cspFrameSrc')) ?? [],
      connectSrc: list(app.node.tryGetContext('cspConnectSrc')) ?? [],
    },
    throttle: { rateLimit: number('apiRateLimit', 50), burstLimit: number('apiBurstLimit', 100) },
    logRetentionDays: number('logRetentionDays', 30) as RetentionDays,
    geocoderDataSource: dataSource,
    cognitoWaf: ctx('cognitoWaf') !== 'false',
    distDir: ctx('webDistDir') ?? fromRoot('dist/web'),
  };
}

/** The us-east-1 stack holding what CloudFront requires there: the CLOUDFRONT-scope web ACL. */
class EdgeStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.webAcl = cloudFrontAcl(this);
  }
}

function cloudFrontAcl(scope: Construct): WebAcl {
  return new WebAcl(scope, 'CloudFrontAcl', {
    scope: 'CLOUDFRONT',
    metricName: 'BaliRefillCloudFront',
    description: 'Bali Refill web and API: rate limits on public writes and the API, AWS IP reputation and known bad inputs',
    rules: cloudFrontRules(),
  });
}

interface RefillStackProps extends StackProps {
  config: AppConfig;
  /** The CLOUDFRONT web ACL from the us-east-1 stack; when absent (stack in us-east-1) it is created here. */
  webAclArn?: string;
}

/** The application stack: every construct of the app, wired together. */
class RefillStack extends Stack {
  readonly data: Data;
  readonly secrets: AppSecrets;
  readonly setup: Setup;
  readonly identity: Identity;
  readonly mail: Mail;
  readonly files: UploadedFiles;
  readonly stations: Stations;
  readonly api: Api;
  readonly stationList: StationList;
  readonly web: Web;
  readonly observability: Observability;
  readonly cognitoAcl?: WebAcl;

  constructor(scope: Construct, id: string, props: RefillStackProps) {
    super(scope, id, props);
    const { config } = props;
    const logRetention = config.logRetentionDays;

    this.data = new Data(this, 'Data');
    this.secrets = new AppSecrets(this, 'Secrets', config.originSecretGeneration);
    this.setup = new Setup(this, 'Setup', { secrets: this.secrets, iotDataEndpoint: config.iotDataEndpoint, logRetention });
    this.identity = new Identity(this, 'Identity', { google: config.google });
    this.mail = new Mail(this, 'Mail', { from: config.mailFrom });
    this.files = new UploadedFiles(this, 'ReportPhotos');
    this.stations = new Stations(this, 'Stations', { data: this.data, secrets: this.secrets, mail: this.mail, alertEmail: config.alarmEmail, logRetention });
    this.stationList = new StationList(this, 'StationList', { data: this.data, asyncFailureQueue: this.stations.asyncFailureQueue, logRetention });
    this.api = new Api(this, 'Api', {
      data: this.data,
      identity: this.identity,
      mail: this.mail,
      files: this.files,
      secrets: this.secrets,
      stations: this.stations,
      throttle: config.throttle,
      geocoderDataSource: config.geocoderDataSource,
      logRetention,
    });

    const webAclArn = props.webAclArn ?? cloudFrontAcl(this).arn;
    const cognitoDomainUrl = this.identity.domain?.baseUrl();
    this.web = new Web(this, 'Web', {
      apiOriginDomainName: this.api.originDomainName,
      stationListBucket: this.stationList.bucket,
      cognitoEndpoint: this.identity.cognitoEndpoint,
      photoUploadSource: photoUploadSourceOf(this.region),
      extraConnectSources: [...(cognitoDomainUrl ? [cognitoDomainUrl] : []), ...config.csp.connectSrc],
      extraScriptSources: config.csp.scriptSrc,
      extraFrameSources: config.csp.frameSrc,
      tileHosts: config.tileHosts,
      webAclArn,
      originVerifySecret: this.secrets.originVerify,
      distDir: config.distDir,
      runtimeConfig: {
        region: this.region,
        userPoolId: this.identity.userPool.userPoolId,
        userPoolClientId: this.identity.webClient.userPoolClientId,
        apiBaseUrl: '/api',
        paymentsMode: config.payments,
        ...(cognitoDomainUrl ? { cognitoDomain: cognitoDomainUrl } : {}),
      },
    });
    const webUrl = `https://${this.web.distribution.distributionDomainName}`;
    const settings = FunctionSettings.of(this);
    settings.provide('PAYMENTS_MODE', config.payments);
    settings.provide('PAYMENT_NOTIFICATION_URL', `${webUrl}${routes.paymentNotification.path}`);
    settings.provide('SITE_URL', webUrl);
    this.identity.addRedirectUrl(`${webUrl}/`);
    this.files.allowUploadsFrom(webUrl);

    if (config.cognitoWaf) {
      this.cognitoAcl = new WebAcl(this, 'CognitoAcl', {
        scope: 'REGIONAL',
        metricName: 'BaliRefillCognito',
        description: 'Bali Refill user pool: sign-up and sign-in rate limits per IP, AWS IP reputation',
        rules: cognitoRules(),
        associate: [this.identity.userPool.userPoolArn],
      });
    }

    this.observability = new Observability(this, 'Observability', {
      functions: [...this.api.functionList, ...this.stations.functionList, { id: 'station-list', fn: this.stationList.publisher }, { id: 'station-list-changes', fn: this.stationList.changePublisher }, { id: 'setup', fn: this.setup.function }, { id: 'account-message', fn: this.identity.accountMessage }],
      deadLetterQueues: [
        { id: 'RuleErrors', queue: this.stations.ruleErrorQueue },
        { id: 'AsyncFailures', queue: this.stations.asyncFailureQueue },
      ],
      httpApi: this.api.httpApi,
      topicRules: Object.entries(this.stations.rules).map(([id, rule]) => ({ id, rule })),
      alarmEmail: config.alarmEmail,
    });

    const output = (name: string, value: string, description: string) => new CfnOutput(this, name, { value, description });
    output('WebUrl', webUrl, 'The web app (and /api/*) through CloudFront');
    output('UserPoolId', this.identity.userPool.userPoolId, 'Cognito user pool');
    output('UserPoolClientId', this.identity.webClient.userPoolClientId, 'Cognito app client of the web app');
    output('TableName', this.data.table.tableName, 'The single DynamoDB table');
    output('IotDataEndpoint', this.setup.iotEndpoint, 'MQTT endpoint the stations connect to');
    output('StationPolicyName', this.stations.policy.ref, 'IoT policy attached to every station certificate');
    output('StationThingTypeName', this.stations.thingType.ref, 'IoT thing type of the stations');
    output('PaymentSecretArn', this.secrets.paymentGateway.secretArn, 'Put the payment gateway server key here (payments answer 503 until then)');
    output('SigningKeySecretArn', this.secrets.signingKey.secretArn, 'The ES256 station signing key (created by the deployment)');
    output('AlarmTopicArn', this.observability.topic.topicArn, 'Alarm notifications');
    if (cognitoDomainUrl) output('CognitoDomain', cognitoDomainUrl, 'Cognito domain for Google sign-in');
  }
}

export interface RefillApp {
  config: AppConfig;
  main: RefillStack;
  edge?: EdgeStack;
}

/**
 * The whole app: the application stack in the configured region and, unless that region is us-east-1, a small
 * us-east-1 stack for the CloudFront web ACL, referenced across regions (crossRegionReferences). cdk-nag's
 * AwsSolutions pack validates everything at synthesis.
 */
export function buildRefillApp(app: App, options: { nag?: boolean; env?: NodeJS.ProcessEnv } = {}): RefillApp {
  const config = readConfig(app, options.env);
  const description = 'Bali Refill: water refill station network (web app, API, stations on IoT Core)';
  let edge: EdgeStack | undefined;
  if (config.region !== 'us-east-1') {
    edge = new EdgeStack(app, `${config.stackName}Edge`, {
      env: { account: config.account, region: 'us-east-1' },
      crossRegionReferences: true,
      description: `${description}: us-east-1 resources CloudFront needs (WAF web ACL)`,
    });
  }
  const main = new RefillStack(app, config.stackName, {
    env: { account: config.account, region: config.region },
    crossRegionReferences: Boolean(edge),
    description,
    config,
    webAclArn: edge?.webAcl.arn,
  });

  if (options.nag !== false) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, main, edge };
}
