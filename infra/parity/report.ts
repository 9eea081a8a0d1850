import type { RecordedCall } from './recorder';

export interface FunctionReport {
  key: string;
  /** Tagged as moving money: a grant it never uses fails the suite. */
  money: boolean;
  /** Calls the recorder judged (IAM-evaluated, or known to need no IAM). */
  calls: RecordedCall[];
  denied: RecordedCall[];
  /** Settings (functions/platform/environment.ts) the function read that its template does not set. */
  unset: string[];
  /** Variables the app's own code (functions/, shared/) read without declaring them in functions/platform/environment.ts. */
  undeclared: string[];
  /** Local-only settings the function read (absent in AWS by design; listed, not failures). */
  localOnly: string[];
  /** Variables the template sets that the function never read. */
  setButUnread: string[];
  /** Granted by its role, never used: action -> resources. */
  unusedGrants: { action: string; resource: string }[];
  /** Why it could not be driven, or answered other than its driver expects. */
  problems: string[];
  invocations: number;
  initMs?: number;
}

export interface ParityReport {
  functions: FunctionReport[];
  /** Problems not of one function: functions without drivers, drivers without functions, custom resources. */
  problems: string[];
  xraySegments: number;
  totals: { functions: number; calls: number; denied: number; unset: number; unusedGrants: number; moneyUnusedGrants: number };
  /** Where docs/infrastructure.md's table of unused grants differs from this run (not checked when only some functions ran). */
  grantsDoc: string[];
  ok: boolean;
}

/**
 * An ARN for reading: without `arn:aws:<service>:<region>:<account>:`, and a name CloudFormation generated
 * (`<stack>-<logical id>-<suffix>`) as its logical id.
 */
const short = (arn: string) => arn.replace(/^arn:aws:[\w-]+:[\w-]*:\d*:/, '').replace(/[A-Za-z0-9]+-([A-Za-z0-9]+)-[0-9A-F]{12}(-[A-Za-z0-9_-]{6})?/g, '$1');

/** `service:A, B on r1, r2; service:C on r1`: actions with the same resources together. */
export function grantsText(grants: { action: string; resource: string }[]): string {
  const byAction = new Map<string, string[]>();
  for (const grant of grants) byAction.set(grant.action, [...(byAction.get(grant.action) ?? []), short(grant.resource)]);
  const byResources = new Map<string, string[]>();
  for (const [action, resources] of byAction) {
    const key = resources.join(', ');
    byResources.set(key, [...(byResources.get(key) ?? []), action]);
  }
  return [...byResources]
    .map(([resources, actions]) => `${actions.map((a, i) => (i === 0 ? a : a.replace(/^[\w-]+:/, ''))).join(', ')} on ${resources}`)
    .join('; ');
}

/**
 * The suite's printout: a table per function (calls, denied, unset settings, problems), the details of every failure,
 * what is informational (local-only settings read, settings set but never read, permissions granted but never used),
 * and one line, last: `parity: N functions, M AWS calls checked, D denied, U unset settings, G granted but never used (W where money
 * is)`. A grant a function of money never uses is a failure, listed with the denied calls.
 */
export function formatReport(report: ParityReport): string[] {
  const lines: string[] = [];
  const width = Math.max(8, ...report.functions.map((f) => f.key.length));
  lines.push('', `${'function'.padEnd(width)}  calls  denied  unset  problems  init ms`);
  for (const f of report.functions) {
    lines.push(
      `${f.key.padEnd(width)}  ${String(f.calls.length).padStart(5)}  ${String(f.denied.length).padStart(6)}  ${String(f.unset.length).padStart(5)}  ${String(f.problems.length).padStart(8)}  ${String(f.initMs ?? '-').padStart(7)}`,
    );
  }

  const section = (title: string, items: string[]) => {
    if (items.length) lines.push('', title, ...items.map((item) => `  ${item}`));
  };
  section(
    'Denied AWS calls (the function called what its role does not grant):',
    report.functions.flatMap((f) =>
      f.denied.map((call) => `${f.key}: ${call.service} ${call.operation}${call.checks.filter((c) => c.decision !== 'Allowed').map((c) => ` ${c.action} on ${short(c.resource)}`).join(',')}${call.problem ? ` (${call.problem})` : ''}`),
    ),
  );
  section('Unset settings (read by the function, not set by its template):', report.functions.flatMap((f) => f.unset.map((name) => `${f.key}: ${name}`)));
  section(
    'Granted to a function that moves money, never used (least privilege where money is: narrow the grant in infra/constructs/, or drive the path that needs it in infra/parity/drivers/):',
    report.functions.filter((f) => f.money && f.unusedGrants.length).map((f) => `${f.key}: ${grantsText(f.unusedGrants)}`),
  );
  section('docs/infrastructure.md, the table of grants no driver uses (Least privilege where money is), differs from this run:', report.grantsDoc);
  section('Could not be driven as expected:', [...report.problems, ...report.functions.flatMap((f) => f.problems.map((p) => `${f.key}: ${p}`))]);
  const byName = (pick: (f: ParityReport['functions'][number]) => string[]) => {
    const names = new Map<string, string[]>();
    for (const f of report.functions) for (const name of pick(f)) names.set(name, [...(names.get(name) ?? []), f.key]);
    const driven = report.functions.filter((f) => f.invocations).length;
    return [...names].map(([name, keys]) => `${name}: ${keys.length === driven ? 'every function' : keys.length > 6 ? `${keys.length} functions` : keys.join(', ')}`);
  };
  section('Read by the app\'s own code without being declared in functions/platform/environment.ts (library options it consults; not failures):', byName((f) => f.undeclared));
  section('Local-only settings read (absent in AWS by design, not failures):', byName((f) => f.localOnly));
  section('Set by the template, never read:', report.functions.filter((f) => f.setButUnread.length).map((f) => `${f.key}: ${f.setButUnread.join(', ')}`));
  section(
    'Granted but never used, away from money (not a failure; docs/infrastructure.md lists each with why):',
    report.functions
      .filter((f) => !f.money && f.unusedGrants.length)
      .map((f) => `${f.key}: ${grantsText(f.unusedGrants)}`),
  );
  const t = report.totals;
  lines.push('', `X-Ray segments received: ${report.xraySegments}`);
  lines.push(`parity: ${t.functions} functions, ${t.calls} AWS calls checked, ${t.denied} denied, ${t.unset} unset settings, ${t.unusedGrants} granted but never used (${t.moneyUnusedGrants} where money is)`);
  return lines;
}
