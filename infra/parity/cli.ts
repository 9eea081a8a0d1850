/**
 * `npm run parity`: synthesizes the app (cached per source fingerprint), runs every function of the template from its
 * bundle against the local cloud and prints the report (infra/parity/report.ts). Exit 1 on a denied call, an unset
 * setting, a grant a function of money never uses, or a function that could not be driven.
 *
 *   npm run parity                      # synthesize when the sources changed, then run
 *   npm run parity -- --fresh           # synthesize again
 *   npm run parity -- --assembly <dir>  # run an assembly synthesized elsewhere (cdk synth -o <dir>)
 *   npm run parity -- --json <file>     # also write each function's calls, denied calls and unused grants as JSON
 *   npm run parity -- --write-docs      # write this run's unused grants into docs/infrastructure.md (each row keeps its why)
 */
import { writeFileSync } from 'node:fs';
import { CloudAssembly } from './assembly';
import { ParityCloud } from './cloud';
import { formatReport } from './report';
import { checkGrantsDoc, GRANTS_DOC, writeGrantsDoc } from './grants-doc';
import { passed, runParity } from './run';
import { synthesize } from './synth';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
if (args.includes('--help')) {
  console.log('usage: npm run parity [-- --fresh] [-- --assembly <cloud assembly dir>] [-- --json <file>] [-- --write-docs]');
  process.exit(0);
}

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const given = option('--assembly');
// The local cloud starts while the app is synthesized.
const [synth, cloudStart] = await Promise.allSettled([
  given ??
    synthesize({ fresh: args.includes('--fresh'), log }).then((result) => {
      log(result.cached ? `Cloud assembly of these sources: ${result.dir} (cached)` : `Synthesized in ${(result.ms / 1000).toFixed(0)} s: ${result.dir}`);
      return result.dir;
    }),
  ParityCloud.start({ region: given ? new CloudAssembly(given).stacks.at(-1)!.region : undefined, log }),
]);
if (synth.status === 'rejected' || cloudStart.status === 'rejected') {
  if (cloudStart.status === 'fulfilled') await cloudStart.value.stop();
  console.error(synth.status === 'rejected' ? synth.reason : (cloudStart as PromiseRejectedResult).reason);
  process.exit(1);
}
const cloud = cloudStart.value;
let report;
try {
  report = await runParity({ assemblyDir: synth.value, cloud, log });
} finally {
  await cloud.stop();
}
log('Done');
if (args.includes('--write-docs')) {
  writeGrantsDoc(report);
  const written = { ...report, grantsDoc: checkGrantsDoc(report) };
  report = { ...written, ok: passed(written) };
  log(`Unused grants written to ${GRANTS_DOC}`);
}
for (const line of formatReport(report)) console.log(line);
const json = option('--json');
if (json) {
  writeFileSync(json, `${JSON.stringify({ totals: report.totals, problems: report.problems, functions: report.functions.map(({ key, money, calls, denied, unusedGrants, problems }) => ({
    key, money, calls: calls.map((c) => `${c.service} ${c.operation}`), denied: denied.map((c) => `${c.service} ${c.operation}`), unusedGrants, problems,
  })) }, null, 2)}\n`);
  log(`Report written to ${json}`);
}
process.exit(report.ok ? 0 : 1);
