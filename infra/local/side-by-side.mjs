// `npm test`'s static checks side by side (one per core: both are single-threaded), each one's output printed whole
// when it ends so the two never interleave; fails when any fails. Usage: node infra/local/side-by-side.mjs typecheck lint
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const results = await Promise.all(scripts.map((name) => new Promise((resolve) => {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('close', (code) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(`\n> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n${output.trim() ? output.trimEnd() + '\n' : ''}`);
    resolve(code === 0);
  });
})));
process.exit(results.every(Boolean) ? 0 : 1);
