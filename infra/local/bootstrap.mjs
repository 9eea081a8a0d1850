// The first step of `npm start`, `npm run dev` and `npm test` on any machine: it needs only Node. It installs the npm
// dependencies when node_modules is missing or older than the lockfile, and says in one line what system
// prerequisite is missing, with the command that installs it. Plain JavaScript: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const purpose = process.argv[2] ?? 'start';

function fail(line) {
  console.error(`\n  ${line}\n`);
  process.exit(1);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) fail(`Node.js 20.19 or newer is needed (this is ${process.versions.node}): https://nodejs.org/en/download`);

const lockfile = join(root, 'package-lock.json');
const installed = join(root, 'node_modules/.package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs) {
  console.log('  Installing the npm dependencies (npm ci; about a minute the first time)...');
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (npm.status !== 0) fail('npm ci failed (see above); run it by hand to retry.');
}

const javaOut = (() => {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return r.error ? null : `${r.stderr}${r.stdout}`;
})();
const javaVersion = javaOut && /version "(\d+)(?:\.(\d+))?/.exec(javaOut);
const java = javaVersion ? (javaVersion[1] === '1' ? Number(javaVersion[2]) : Number(javaVersion[1])) : 0;
if (java < 17) fail('Java 17+ is missing (DynamoDB Local runs on it): sudo apt-get install -y default-jre-headless');

if (purpose === 'test') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) fail(`Chromium is missing at ${chromium} (the browser tests run in it): sudo apt-get install -y chromium (or set CHROMIUM_PATH)`);
}
