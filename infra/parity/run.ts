import type { Template } from '@infra/templates/template';
import { CloudAssembly } from './assembly';
import { ParityCloud } from './cloud';
import { LocalDeployment } from './deploy';
import { drive, Scenario, type Driver } from './drive';
import { DRIVERS } from './drivers';
import { checkGrantsDoc } from './grants-doc';
import { wildcardMatch } from './iam';
import type { FunctionReport, ParityReport } from './report';
import { classify } from './settings';

/** Whether a run passed: nothing denied or unset, no grant unused where money is, every function driven, the doc right. */
export const passed = (report: Omit<ParityReport, 'ok'>) =>
  report.totals.denied === 0 && report.totals.unset === 0 && report.totals.moneyUnusedGrants === 0 && report.problems.length === 0 &&
  report.grantsDoc.length === 0 && report.functions.every((f) => f.problems.length === 0);

export interface ParityOptions {
  /** The synthesized cloud assembly to run. */
  assemblyDir: string;
  /** Changes to the templates before they are deployed (the tests make one side of the template disagree). */
  changeTemplate?: (stack: string, template: Template) => Template | void;
  /** Drive only these functions (by driver key); the deployment and its custom resources happen in full. */
  only?: string[];
  /** A local cloud to deploy into (shared by several runs); else one is started and stopped. */
  cloud?: ParityCloud;
  drivers?: Record<string, Driver>;
  /** How many functions are started ahead of the one being driven. */
  concurrency?: number;
  log?: (line: string) => void;
}

/**
 * The cloud-parity suite (docs/infrastructure.md, "Cloud parity"): deploys the synthesized assembly into the local
 * cloud, drives every function through its drivers in a process of its own from its bundle with its template's
 * environment, and reports every AWS call judged against the function's role, every setting read but not set, and
 * every permission granted but not used: a failure for a function that moves money (docs/infrastructure.md, "Least
 * privilege where money is").
 */
export async function runParity(options: ParityOptions): Promise<ParityReport> {
  const log = options.log ?? (() => undefined);
  const drivers = options.drivers ?? DRIVERS;
  let assembly = new CloudAssembly(options.assemblyDir);
  if (options.changeTemplate) assembly = assembly.withTemplates((stack, template) => options.changeTemplate!(stack, template) ?? template);
  const region = assembly.stacks.at(-1)!.region;
  if (options.cloud && options.cloud.account.region !== region) {
    throw new Error(`The local cloud was started for ${options.cloud.account.region}, the app stack is in ${region}`);
  }
  const cloud = options.cloud ?? (await ParityCloud.start({ region, log }));
  const problems: string[] = [];
  let app: LocalDeployment | undefined;
  let scenario: Scenario | undefined;
  try {
    log('Deploying the assembly into the local cloud');
    app = await LocalDeployment.deploy(cloud, assembly, { log });
    for (const run of app.customResources) if (run.problem) problems.push(`custom resource ${run.stack}/${run.logicalId} (${run.type}): ${run.problem}`);

    const keys = [...app.functions.keys()];
    if (!options.only) {
      for (const key of keys) if (!drivers[key]) problems.push(`${key}: no driver (infra/parity/drivers/<context>.ts, its place in infra/parity/drivers.ts)`);
      for (const key of Object.keys(drivers)) if (!app.functions.has(key)) problems.push(`driver ${key}: no such function in the template`);
    }
    const order = Object.keys(drivers).filter((key) => app!.functions.has(key) && (!options.only || options.only.includes(key)));

    scenario = new Scenario(app);
    await scenario.signIn();
    await scenario.connectStation();

    const ahead = options.concurrency ?? 3;
    log(`Driving ${order.length} functions (${ahead} started ahead of the one driven)`);
    for (const [i, key] of order.entries()) {
      for (const next of order.slice(i + 1, i + 1 + ahead)) void app.warm(next);
      const driverProblems = await drive(app, key, drivers[key]!, scenario);
      app.functions.get(key)!.problems.push(...driverProblems);
      await app.stopFunction(key);
      if ((i + 1) % 10 === 0) log(`  driven ${i + 1}/${order.length}`);
    }
    const reported = options.only ? order : keys;
    const functions = reported.map((key) => functionReport(app!, key));
    const totals = {
      functions: functions.length,
      calls: functions.reduce((n, f) => n + f.calls.length, 0),
      denied: functions.reduce((n, f) => n + f.denied.length, 0),
      unset: functions.reduce((n, f) => n + f.unset.length, 0),
      unusedGrants: functions.reduce((n, f) => n + f.unusedGrants.length, 0),
      moneyUnusedGrants: functions.reduce((n, f) => n + (f.money ? f.unusedGrants.length : 0), 0),
    };
    const grantsDoc = options.only ? [] : checkGrantsDoc({ functions });
    const report = { functions, problems, xraySegments: cloud.xray.segments(), totals, grantsDoc };
    return { ...report, ok: passed(report) };
  } finally {
    await scenario?.close();
    await app?.stop();
    if (!options.cloud) await cloud.stop();
  }
}

function functionReport(app: LocalDeployment, key: string): FunctionReport {
  const deployed = app.functions.get(key)!;
  const calls = deployed.caller?.calls ?? [];
  const reads = deployed.process?.reads ?? new Map<string, string>();
  const kind = (name: string) => classify(name, reads.get(name));
  const set = deployed.templateEnvironment ?? {};
  const problems = [...deployed.problems];
  for (const invocation of deployed.invocations) for (const problem of invocation.problems) problems.push(`${invocation.label}: ${problem}`);
  for (const call of calls) if (call.problem) problems.push(`${call.service} ${call.operation}: ${call.problem}`);
  if (!deployed.invocations.length && !deployed.problems.length) problems.push('never invoked');

  const allowed = calls.flatMap((call) => (call.denied ? [] : call.checks));
  const unusedGrants = deployed.caller
    ? deployed.caller.role.grants().filter((grant) => !allowed.some((check) => wildcardMatch(grant.action, check.action, true) && wildcardMatch(grant.resource, check.resource)))
    : [];
  return {
    key,
    money: deployed.fn.money,
    calls,
    denied: calls.filter((call) => call.denied),
    unset: [...reads.keys()].filter((name) => kind(name) === 'setting' && !Object.hasOwn(set, name)).sort(),
    undeclared: [...reads.keys()].filter((name) => kind(name) === 'undeclared').sort(),
    localOnly: [...reads.keys()].filter((name) => kind(name) === 'local-only').sort(),
    setButUnread: Object.keys(set).filter((name) => !reads.has(name) && name !== 'NODE_OPTIONS').sort(),
    unusedGrants,
    problems,
    invocations: deployed.invocations.length,
    initMs: deployed.process?.initMs,
  };
}
