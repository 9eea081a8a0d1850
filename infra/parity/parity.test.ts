import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_TAG } from '../constructs/common';
import type { Template } from '@infra/templates/template';
import { CloudAssembly, constructPath, keyOf } from './assembly';
import { ParityCloud } from './cloud';
import { formatReport } from './report';
import type { ParityReport } from './report';
import { runParity } from './run';
import { synthesize } from './synth';

/**
 * The cloud-parity suite on the real template (every function, 0 denied, 0 unset, every grant of a function of money
 * used), and the same harness on templates changed on one side only: a setting renamed in the template (the code still
 * reads the old name), a permission the function uses taken out of its role, and a function tagged as moving money
 * whose role holds more than it uses. One synthesis (cached per source fingerprint) and one local cloud serve all.
 */
let assemblyDir: string;
let cloud: ParityCloud;

beforeAll(async () => {
  // The local cloud starts while the app is synthesized (in the app's default region, which run checks).
  const [synth, started] = await Promise.allSettled([synthesize(), ParityCloud.start()]);
  if (started.status === 'fulfilled') cloud = started.value;
  if (synth.status === 'rejected') throw synth.reason;
  if (started.status === 'rejected') throw started.reason;
  assemblyDir = synth.value.dir;
}, 240_000);

afterAll(async () => {
  await cloud?.stop();
});

const PROBE = 'Api/adminGetSettings';

/** The template resources of the function with this driver key: its Lambda function and its role's policies. */
function resourcesOf(template: Template, key: string) {
  const [fnId, fn] = Object.entries(template.Resources).find(
    ([, r]) => r.Type === 'AWS::Lambda::Function' && keyOf(constructPath(r) ?? '') === key,
  )!;
  const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  const policies = Object.values(template.Resources).filter(
    (r) => r.Type === 'AWS::IAM::Policy' && (r.Properties!.Roles as { Ref?: string }[]).some((role) => role.Ref === roleId),
  );
  return { fnId, fn, policies };
}

const reportOf = (report: ParityReport, key: string) => report.functions.find((f) => f.key === key)!;

/** Whether this template (of the two stacks) is the one that holds the probed function. */
const holdsProbe = (template: Parameters<NonNullable<Parameters<typeof runParity>[0]['changeTemplate']>>[1]) =>
  Object.values(template.Resources).some((r) => r.Type === 'AWS::Lambda::Function' && keyOf(constructPath(r) ?? '') === PROBE);

/** The probe alone, with its resources in the template changed by `change` first (in the stack that holds it). */
const runOnProbe = (change: (resources: ReturnType<typeof resourcesOf>) => void) =>
  runParity({ assemblyDir, cloud, only: [PROBE], changeTemplate: (_, template) => (holdsProbe(template) ? change(resourcesOf(template, PROBE)) : undefined) });

describe('cloud parity', () => {
  it('runs every function of the template from its bundle: no call denied, no setting unset, every function driven', async () => {
    const report = await runParity({ assemblyDir, cloud });
    const lines = formatReport(report);
    if (!report.ok) console.log(lines.join('\n'));
    const functions = new CloudAssembly(assemblyDir).functions();
    expect(report.functions.map((f) => f.key).sort()).toEqual(functions.map((f) => f.key).sort());
    expect(report.problems).toEqual([]);
    expect(report.functions.filter((f) => f.problems.length).map((f) => `${f.key}: ${f.problems.join('; ')}`)).toEqual([]);
    expect(report.totals).toMatchObject({ denied: 0, unset: 0, moneyUnusedGrants: 0 });
    // Least privilege where money is: the functions of money are found by their tag, and use every grant they hold.
    expect(report.functions.filter((f) => f.money).length).toBeGreaterThan(30);
    expect(report.functions.filter((f) => f.money && f.unusedGrants.length)).toEqual([]);
    expect(report.grantsDoc).toEqual([]);
    expect(report.ok).toBe(true);
    // Every function was invoked, and the suite saw real AWS calls, each judged against its role.
    expect(report.functions.every((f) => f.invocations > 0)).toBe(true);
    expect(report.totals.calls).toBeGreaterThan(50);
    expect(lines.at(-1)).toMatch(/^parity: \d+ functions, \d+ AWS calls checked, 0 denied, 0 unset settings, \d+ granted but never used \(0 where money is\)$/);
  }, 180_000);

  it('passes a function alone on the real template (the control for the changed templates below)', async () => {
    const report = await runParity({ assemblyDir, cloud, only: [PROBE] });
    expect(reportOf(report, PROBE)).toMatchObject({ unset: [], denied: [], problems: [] });
    expect(reportOf(report, PROBE).calls.map((c) => c.operation)).toContain('GetItem');
    expect(reportOf(report, PROBE).money).toBe(false);
    expect(report.ok).toBe(true);
  }, 60_000);

  it('fails, naming the grant, when a function that moves money holds one it never uses', async () => {
    // The probe tagged as moving money: it reads one item, and its coarse `read` level also grants queries and batches.
    const report = await runOnProbe((resources) => {
      const properties = resources.fn.Properties!;
      properties.Tags = [...((properties.Tags as unknown[] | undefined) ?? []), { Key: MONEY_TAG.key, Value: MONEY_TAG.value }];
    });
    const probe = reportOf(report, PROBE);
    expect(probe).toMatchObject({ money: true, denied: [], unset: [], problems: [] });
    expect(probe.unusedGrants.map((g) => g.action)).toEqual(expect.arrayContaining(['dynamodb:BatchGetItem', 'dynamodb:Query']));
    expect(report.totals.moneyUnusedGrants).toBe(probe.unusedGrants.length);
    expect(report.ok).toBe(false);
    const lines = formatReport(report);
    const named = lines.slice(lines.findIndex((line) => line.startsWith('Granted to a function that moves money, never used')) + 1);
    expect(named[0]).toMatch(new RegExp(`^  ${PROBE}: .*dynamodb:BatchGetItem`));
    expect(lines.at(-1)).toMatch(new RegExp(`\\(${probe.unusedGrants.length} where money is\\)$`));
  }, 60_000);

  it('fails with an unset setting when the template renames a setting the code still reads', async () => {
    const report = await runOnProbe((resources) => {
      const variables = (resources.fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      variables.TABLE = variables.TABLE_NAME;
      delete variables.TABLE_NAME;
    });
    expect(reportOf(report, PROBE).unset).toEqual(['TABLE_NAME']);
    expect(reportOf(report, PROBE).setButUnread).toContain('TABLE');
    expect(report.totals.unset).toBe(1);
    expect(report.ok).toBe(false);
    expect(formatReport(report).at(-1)).toMatch(/, 1 unset settings,/);
  }, 60_000);

  it('fails with a denied call when the role loses a permission the function uses', async () => {
    const report = await runOnProbe((resources) => {
      for (const policy of resources.policies) {
        const document = policy.Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] };
        for (const statement of document.Statement) {
          statement.Action = ([] as string[]).concat(statement.Action).filter((action) => action !== 'dynamodb:GetItem');
        }
      }
    });
    const denied = reportOf(report, PROBE).denied;
    expect(denied.length).toBeGreaterThan(0);
    expect(denied.flatMap((call) => call.checks.filter((c) => c.decision !== 'Allowed').map((c) => c.action))).toContain('dynamodb:GetItem');
    expect(reportOf(report, PROBE).unset).toEqual([]);
    expect(report.ok).toBe(false);
    expect(formatReport(report).at(-1)).toMatch(new RegExp(`, ${report.totals.denied} denied,`));
  }, 60_000);
});
