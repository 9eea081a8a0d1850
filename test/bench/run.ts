import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@infra/local/net';
import { startLocalStack, REPO_ROOT } from '@infra/local/stack';
import { benchFunctions } from './functions';
import { benchMachines, seedThousandStations } from './machines';
import { benchLanding } from './landing';
import { benchMoney } from './money';
import { benchStations } from './stations';
import type { Figure } from './stats';

/**
 * `npm run bench`: starts what it needs on the local stack (in memory, free ports), runs each benchmark
 * after a warm-up, prints a table and writes bench/results.json.
 */
const log = (line: string) => console.log(`  ${line}`);
/**
 * `npm run bench -- --only stations,functions` runs some groups (api, stations, web, functions, money); results.json
 * then holds only those. The money simulation (10,000 vends, about a quarter of an hour) runs only when asked for.
 */
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : null;
const runs = (group: 'api' | 'stations' | 'web' | 'functions' | 'money') => (only ? only.has(group) : group !== 'money');
const figures: Figure[] = [];
/** The money simulation's own tables, printed last. */
const moneyLines: string[] = [];
/** What each function's bundle holds over the floor, printed after the table. */
const functionLines: string[] = [];
const started = Date.now();

// The web group measures the production build as `npm start` serves it (built at start when its sources changed).
const stack = await startLocalStack({ webPort: runs('web') ? await freePort() : null, log });
try {
  if (runs('api')) {
    await seedThousandStations(stack.outputs, log);
    figures.push(...(await benchMachines(stack.outputs, log)));
  }
  if (runs('stations')) figures.push(...(await benchStations(stack.outputs, stack.broker, log)));
  if (runs('web')) {
    log('measuring the landing page in Chromium');
    const landing = await benchLanding({ web: { origin: stack.outputs.web!, distDir: stack.outputs.webBuild! } });
    figures.push(
      { group: 'web', figure: 'landing page initial JavaScript (gzip)', value: landing.initialJsKbGzip, unit: 'KB', target: '<= 100 KB', pass: landing.initialJsKbGzip <= 100 },
      { group: 'web', figure: 'maplibre chunk in the initial JavaScript', value: landing.maplibreInInitial ? 1 : 0, unit: landing.maplibreInInitial ? '(yes)' : '(no)', target: 'no', pass: !landing.maplibreInInitial },
      { group: 'web', figure: 'landing page LCP (headless Chromium, median of 3)', value: Math.round(landing.lcpMs), unit: 'ms', target: '<= 1000 ms', pass: landing.lcpMs <= 1000 },
      { group: 'web', figure: 'landing page CLS', value: landing.cls, unit: '' },
    );
  }
  if (runs('functions')) {
    const functions = await benchFunctions(REPO_ROOT, log);
    figures.push(...functions.figures);
    functionLines.push(...functions.lines);
  }
  if (runs('money')) {
    const money = await benchMoney(stack.outputs, log);
    figures.push(...money.figures);
    moneyLines.push(...money.lines);
  }
} finally {
  await stack.stop();
}

const rows = figures.map((f) => ({
  group: f.group,
  figure: f.figure,
  value: `${f.value} ${f.unit}`,
  baseline: f.baseline === undefined ? '' : String(f.baseline),
  ratio: f.ratio === undefined ? '' : `${f.ratio}x`,
  target: f.target ?? '',
  met: f.pass === undefined ? '' : f.pass ? 'yes' : 'NO',
}));
console.table(rows);
mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
writeFileSync(join(REPO_ROOT, 'bench/results.json'), JSON.stringify({ at: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), figures }, null, 2) + '\n');
console.log(`\n  ${figures.length} figures in ${Math.round((Date.now() - started) / 1000)} s; written to bench/results.json`);
if (functionLines.length) console.log(functionLines.join('\n'));
if (moneyLines.length) console.log(moneyLines.join('\n'));
process.exit(process.exitCode ?? 0);
