/**
 * Every environment variable our functions read, declared once (docs/infrastructure.md, "Settings").
 *
 * A setting belongs to the capabilities ("needs") of the functions that read it. The CDK constructs give each
 * function exactly the settings of its needs (`settingsFor`), under these names, and the local cloud sets the same
 * names; functions read them only through `setting` and `optionalSetting`. The cloud-parity suite (`npm run parity`)
 * runs every synthesized function and fails when one reads a setting its template does not set.
 */

/** What a function does that needs configuration. */
export type Need =
  | 'observability'
  | 'http'
  | 'table'
  | 'paymentSecret'
  | 'signingKey'
  | 'iotData'
  | 'iotProvisioning'
  | 'iotJobs'
  | 'cognito'
  | 'geocoder'
  | 'mail'
  | 'files'
  | 'alerts'
  | 'stationList';

interface SettingSpec {
  needs: readonly Need[];
  description: string;
  /** Used when the variable is absent, on every side (Powertools' own defaults). */
  fallback?: string;
}

export const SETTINGS = {
  POWERTOOLS_SERVICE_NAME: { needs: ['observability'], description: 'Service name in logs, metrics and traces', fallback: 'bali-refill' },
  POWERTOOLS_METRICS_NAMESPACE: { needs: ['observability'], description: 'CloudWatch namespace of the metrics (alarms read it)', fallback: 'BaliRefill' },
  ORIGIN_VERIFY_SHA256: {
    needs: ['http'],
    description: 'SHA-256 (hex) of the secret CloudFront sends as x-origin-verify; requests without it are refused',
  },
  TABLE_NAME: { needs: ['table'], description: 'The single DynamoDB table' },
  PAYMENT_SECRET_ARN: { needs: ['paymentSecret'], description: 'Secrets Manager secret with the payment gateway keys' },
  PAYMENTS_MODE: { needs: ['paymentSecret'], description: '"live" (Midtrans with the key in the payment secret) or "sandbox" (simulated payments)' },
  PAYMENT_NOTIFICATION_URL: { needs: ['paymentSecret'], description: 'Where the gateway posts payment notifications (our webhook)' },
  SIGNING_KEY_SECRET_ARN: { needs: ['signingKey'], description: 'Secrets Manager secret with the ES256 key of NFC and vend tokens' },
  IOT_ENDPOINT: { needs: ['iotData', 'iotProvisioning'], description: 'The account\'s iot:Data-ATS host (publish to stations; handed to new stations)' },
  IOT_POLICY_NAME: { needs: ['iotProvisioning'], description: 'IoT policy attached to every station certificate' },
  IOT_THING_TYPE_NAME: { needs: ['iotProvisioning'], description: 'IoT thing type of the stations' },
  IOT_THING_ARN_PREFIX: { needs: ['iotJobs'], description: 'arn:<partition>:iot:<region>:<account>:thing/ — the stations\' things, which remote commands (IoT jobs) target' },
  USER_POOL_ID: { needs: ['cognito'], description: 'Cognito user pool' },
  USER_POOL_CLIENT_ID: { needs: ['cognito'], description: 'Cognito app client of the web app (password sign-in)' },
  PLACE_INDEX_NAME: { needs: ['geocoder'], description: 'Amazon Location place index of the address search' },
  MAIL_FROM: { needs: ['mail'], description: 'Sender of the system\'s e-mails (an address of the SES identity), as "Name <address>"' },
  FILES_BUCKET: { needs: ['files'], description: 'Private S3 bucket of uploaded files (uploads/ from browsers; reports/ cleaned report photos, lab-tests/ lab reports)' },
  ALERT_EMAIL: {
    needs: ['alerts'],
    description: 'The operations address: e-mailed every alert whose rule names no recipients in settings (empty: nobody)',
    fallback: '',
  },
  DEAD_LETTER_QUEUE_URLS: { needs: ['alerts'], description: 'The dead-letter queues (SQS URLs, separated by commas) whose messages raise the dead-letter alert' },
  MAIL_CONFIGURATION_SET: { needs: ['mail'], description: 'SES configuration set the e-mails are sent under (sending events, reputation)' },
  STATION_LIST_BUCKET: { needs: ['stationList'], description: 'S3 bucket of the public station list file that CloudFront serves under /data/' },
  SITE_URL: {
    needs: ['mail', 'paymentSecret'],
    description: "The public site's address (https://...), which links in the e-mails open (a guest's receipt) and the payment gateway's return",
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTINGS;

/**
 * Read by the local cloud and the tests only, never set in AWS; each goes once the local cloud runs the same adapter
 * as AWS behind a local stand-in.
 */
export const LOCAL_ONLY_SETTINGS = {
  VALIDATE_RESPONSES: 'The local cloud and the tests check every response against its route schema ("1")',
  SIGNING_KEY_FILE: 'The local signing key (a private JWK file under .local/)',
  MIDTRANS_SERVER_KEY: 'A Midtrans key to try Midtrans locally instead of the sandbox',
  SANDBOX_SERVER_KEY: 'The key the local sandbox gateway signs its notifications with',
  LOCAL_CA_DIR: 'The local certificate authority that issues station identities (infra/local/composition.ts)',
  LOCAL_BROKER_URL: 'The local MQTT broker that carries answers to stations (infra/local/composition.ts)',
  LOCAL_UPLOAD_URL: 'Where the browser posts report photos in the local cloud (the web origin\'s path to the S3 emulator)',
  LOCAL_SMTP_URL: 'The local outbox that takes every e-mail in place of SES (infra/local/composition.ts)',
} as const;

/** What the Lambda runtime sets itself (and the AWS SDK and Powertools read); no template sets these. */
export const RUNTIME_VARIABLES = [
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'AWS_EXECUTION_ENV',
  'AWS_LAMBDA_FUNCTION_NAME',
  'AWS_LAMBDA_FUNCTION_VERSION',
  'AWS_LAMBDA_FUNCTION_MEMORY_SIZE',
  'AWS_LAMBDA_LOG_GROUP_NAME',
  'AWS_LAMBDA_LOG_STREAM_NAME',
  'AWS_LAMBDA_INITIALIZATION_TYPE',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_XRAY_DAEMON_ADDRESS',
  'AWS_XRAY_CONTEXT_MISSING',
  '_X_AMZN_TRACE_ID',
  '_HANDLER',
  'LAMBDA_TASK_ROOT',
  'LAMBDA_RUNTIME_DIR',
  'TZ',
] as const;

/** Settings of functions with these needs (every function also has `observability`). */
export function settingsFor(needs: Iterable<Need>): SettingName[] {
  const wanted = new Set<Need>(['observability', ...needs]);
  return (Object.keys(SETTINGS) as SettingName[]).filter((name) => SETTINGS[name].needs.some((need) => wanted.has(need)));
}

export class MissingSettingError extends Error {
  constructor(readonly setting: SettingName) {
    super(`${setting} is not set (${SETTINGS[setting].description})`);
    this.name = 'MissingSettingError';
  }
}

/** The setting's value, or its fallback; absent without a fallback is a deployment defect, said plainly. */
export function setting(name: SettingName, env: NodeJS.ProcessEnv = process.env): string {
  const value = optionalSetting(name, env);
  if (value === undefined) throw new MissingSettingError(name);
  return value;
}

export function optionalSetting(name: SettingName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  const spec: SettingSpec = SETTINGS[name];
  return spec.fallback;
}

export function localOnlySetting(name: keyof typeof LOCAL_ONLY_SETTINGS, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** The region the app is deployed to by default and the local tools use: Singapore (docs/infrastructure.md, "Region"). */
export const DEFAULT_REGION = 'ap-southeast-1';

/** The region of AWS clients: the Lambda's own (the runtime always sets AWS_REGION), else the default region. */
export const awsRegion = (env: NodeJS.ProcessEnv = process.env) => env.AWS_REGION || DEFAULT_REGION;

/**
 * Where a call to an AWS service goes that the function makes without an SDK client: the endpoint the SDK itself would
 * take from `AWS_ENDPOINT_URL_<SERVICE>` (the local cloud and the parity suite set it), else the region's own.
 */
export const awsEndpoint = (service: { variable: string; host: string }, env: NodeJS.ProcessEnv = process.env) =>
  env[`AWS_ENDPOINT_URL_${service.variable}`] || `https://${service.host}.${awsRegion(env)}.amazonaws.com`;
