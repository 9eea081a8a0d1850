// `npm test`'s steps side by side: the static checks and the fast test projects print their output whole when they
// end, so they never interleave, while the script named after `--live` (the system tests) prints as it goes. Fails when any
// fails. Usage: node infra/local/side-by-side.mjs typecheck lint test:unit test:parity --live test:system
// The test projects run as processes of their own: one Vitest runs its projects' groups one after the other (the
// system files, one at a time, only after the unit and parity files), so the system files waited on both.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const liveAt = args.indexOf('--live');
const buffered = liveAt === -1 ? args : args.slice(0, liveAt);
const live = liveAt === -1 ? [] : args.slice(liveAt + 1);

// The static checks and the unit and parity tests yield the cores to the system tests (the longest step, whose local
// cloud and browser wait on them otherwise): a lower priority where `nice` exists. They still end well before it.
const yielding = (command) => (process.platform === 'win32' ? command : ['nice', '-n', '10', ...command]);

const run = (name, streamed) => new Promise((resolve) => {
  const started = Date.now();
  const [command, ...commandArgs] = streamed ? ['npm', 'run', '--silent', name] : yielding(['npm', 'run', '--silent', name]);
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

const results = await Promise.all([...buffered.map((name) => run(name, false)), ...live.map((name) => run(name, true))]);
process.exit(results.every(Boolean) ? 0 : 1);
