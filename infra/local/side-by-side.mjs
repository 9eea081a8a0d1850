// `npm test`'s steps side by side. Usage:
//   node infra/local/side-by-side.mjs typecheck lint test:unit --beside test:parity test:system:2 --live test:system:1
// The scripts before `--beside` (the static checks and the unit tests, none waiting on a server) run at a lower
// priority where `nice` exists, so that the local clouds and browsers of the tests get the cores first; those after it
// (test runs against servers, with time-outs of their own) at the usual priority. Both print their output whole when they end, so they never interleave, while the script named
// after `--live` (the system tests, the longest step) prints as it goes. Fails when any fails.
// The test projects run as processes of their own: one Vitest runs its projects' groups one after the other (the
// system files, one at a time, only after the unit and parity files), so the system files waited on both.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const at = (flag) => (args.includes(flag) ? args.indexOf(flag) : args.length);
const [besideAt, liveAt] = [at('--beside'), at('--live')];
const yieldingSteps = args.slice(0, Math.min(besideAt, liveAt));
const besideSteps = besideAt < liveAt ? args.slice(besideAt + 1, liveAt) : [];
const liveSteps = args.slice(liveAt + 1);

const yielding = (command) => (process.platform === 'win32' ? command : ['nice', '-n', '10', ...command]);

const run = (name, { streamed = false, lowPriority = false } = {}) => new Promise((resolve) => {
  const started = Date.now();
  const npm = ['npm', 'run', '--silent', name];
  const [command, ...commandArgs] = lowPriority ? yielding(npm) : npm;
  const child = spawn(command, commandArgs, { stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'], shell: process.platform === 'win32' });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  child.on('close', (code) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(`\n> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n${output.trim() ? output.trimEnd() + '\n' : ''}`);
    resolve(code === 0);
  });
});

const results = await Promise.all([
  ...yieldingSteps.map((name) => run(name, { lowPriority: true })),
  ...besideSteps.map((name) => run(name)),
  ...liveSteps.map((name) => run(name, { streamed: true })),
]);
process.exit(results.every(Boolean) ? 0 : 1);
