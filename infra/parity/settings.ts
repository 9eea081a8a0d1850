import { LOCAL_ONLY_SETTINGS, RUNTIME_VARIABLES, SETTINGS } from '@functions/platform/environment';

export type VariableKind =
  /** A setting of ours (functions/platform/environment.ts, SETTINGS): the template must set it. */
  | 'setting'
  /** A local-cloud-only setting (LOCAL_ONLY_SETTINGS): absent in AWS by design. */
  | 'local-only'
  /** Set by the Lambda runtime (RUNTIME_VARIABLES), or by the suite in its place (endpoints, the local CA). */
  | 'runtime'
  /** Read by a library (the AWS SDK, Powertools, Node) for its own options; absent means its default. */
  | 'library'
  /** Read by the app's own code (functions/, shared/) without being declared in functions/platform/environment.ts. */
  | 'undeclared';

/** What the suite sets in the Lambda runtime's place: the SDK's standard endpoint settings, the local CA, the runtime's paths. */
const HARNESS_VARIABLE = /^(AWS_ENDPOINT_URL(_[A-Z_]+)?|NODE_EXTRA_CA_CERTS|NODE_PATH|_AWS_XRAY_DAEMON_(ADDRESS|PORT)|PATH|LANG)$/;

/** A source file of the app (as the bundle's source map names it), not of a dependency. */
const APP_SOURCE = /\/(functions|shared)\/[^]*\.tsx?$/;

/** How the parity suite judges an environment variable a function read, `where` being the file that read it. */
export function classify(name: string, where = ''): VariableKind {
  if (Object.hasOwn(SETTINGS, name)) return 'setting';
  if (Object.hasOwn(LOCAL_ONLY_SETTINGS, name)) return 'local-only';
  if ((RUNTIME_VARIABLES as readonly string[]).includes(name) || HARNESS_VARIABLE.test(name)) return 'runtime';
  return APP_SOURCE.test(where) && !where.includes('/node_modules/') ? 'undeclared' : 'library';
}
