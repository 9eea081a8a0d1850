/**
 * How the parity suite classifies an environment variable a function read. The one place to switch to
 * functions/environment.ts (SETTINGS, LOCAL_ONLY_SETTINGS, RUNTIME_VARIABLES) once it is on this branch.
 *
 * Until then: the settings today's functions read (functions/providers/, functions/adapters/, functions/observability.ts).
 */
const DECLARED_SETTINGS = [
  'TABLE_NAME',
  'PAYMENT_SECRET_ARN',
  'PAYMENT_NOTIFICATION_URL',
  'SIGNING_KEY_SECRET_ARN',
  'IOT_ENDPOINT',
  'IOT_POLICY_NAME',
  'IOT_THING_TYPE_NAME',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'PLACE_INDEX_NAME',
  'POWERTOOLS_SERVICE_NAME',
  'POWERTOOLS_METRICS_NAMESPACE',
];

/** Read by the local cloud's own adapters; never set in AWS, where the code falls through to the AWS adapter. */
const LOCAL_ONLY_SETTINGS = [
  'DYNAMODB_ENDPOINT',
  'COGNITO_ENDPOINT',
  'SIGNING_KEY_FILE',
  'MIDTRANS_SERVER_KEY',
  'SANDBOX_SERVER_KEY',
  'LOCAL_CA_DIR',
  'LOCAL_BROKER_URL',
  'VALIDATE_RESPONSES',
];

/** What the Lambda runtime sets itself (infra/parity/functions.ts sets the same). */
const RUNTIME_VARIABLES = [
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
];

export type VariableKind =
  /** A setting of ours: the template must set it. */
  | 'setting'
  /** A local-cloud-only setting: absent in AWS by design. */
  | 'local-only'
  /** Set by the Lambda runtime, or by the suite in its place (endpoints, the local CA). */
  | 'runtime'
  /** Read by a library (the AWS SDK, Powertools, Node) for its own options; absent means its default. */
  | 'library';

/** What the suite sets in the Lambda runtime's place: the SDK's standard endpoint settings and the local CA. */
const HARNESS_VARIABLE = /^(AWS_ENDPOINT_URL(_[A-Z_]+)?|NODE_EXTRA_CA_CERTS|NODE_PATH|_AWS_XRAY_DAEMON_(ADDRESS|PORT)|PATH|LANG)$/;

export function classify(name: string): VariableKind {
  if (DECLARED_SETTINGS.includes(name)) return 'setting';
  if (LOCAL_ONLY_SETTINGS.includes(name)) return 'local-only';
  if (RUNTIME_VARIABLES.includes(name) || HARNESS_VARIABLE.test(name)) return 'runtime';
  return 'library';
}
