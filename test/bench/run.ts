import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@infra/local/net';
import { startLocalStack, REPO_ROOT } from '@infra/local/stack';
import { benchFunctions } from './functions';
import { benchMachines, seedThousandStations } from './machines';
import { benchMoney } from './money';
import { benchPublicPages, MOBILE_PROFILE } from './public-pages';
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
    const { latencyMs, downloadKbps, uploadKbps, cpuSlowdown } = MOBILE_PROFILE;
    log(`measuring the public pages in Chromium, mobile profile (${latencyMs} ms, ${downloadKbps} kbps down, ${uploadKbps} kbps up, CPU ${cpuSlowdown}x slower, 390 px phone), prerendered and as the shell`);
    const pages = await benchPublicPages({ origin: stack.outputs.web!, distDir: stack.outputs.webBuild! }, { log });
    // Each figure of the build as deployed (value) beside the same page served as the empty shell, as before prerendering (baseline).
    for (const page of pages.filter((p) => p.variant === 'prerendered')) {
      const shell = pages.find((p) => p.variant === 'shell' && p.path === page.path)!;
      const row = (figure: string, value: number, baseline: number, unit: string, target: string, pass: boolean): Figure => ({
        group: 'web',
        figure: `${page.path} ${figure}`,
        value,
        baseline,
        ratio: baseline ? Math.round((value / baseline) * 100) / 100 : undefined,
        unit,
        target,
        pass,
      });
      figures.push(
        row('LCP (mobile, median of 3)', page.lcpMs, shell.lcpMs, 'ms', '<= 800 ms', page.lcpMs <= 800),
        row('CLS (mobile, median of 3)', page.cls, shell.cls, '', '<= 0.02', page.cls <= 0.02),
        row('initial JavaScript (gzip, first render)', page.initialJsKbGzip, shell.initialJsKbGzip, 'KB', '<= 100 KB', page.initialJsKbGzip <= 100),
      );
    }
    const maplibre = pages.filter((p) => p.maplibreInInitial).map((p) => `${p.path} (${p.variant})`);
    figures.push({ group: 'web', figure: `maplibre chunk in the initial JavaScript${maplibre.length ? `: ${maplibre.join(', ')}` : ''}`, value: maplibre.length, unit: 'pages', target: '0', pass: maplibre.length === 0 });
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
if (runs('web')) console.log('  web baseline: the same page of the same build served as the empty shell (index.html), as every path was before prerendering');
mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
writeFileSync(join(REPO_ROOT, 'bench/results.json'), JSON.stringify({ at: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), figures }, null, 2) + '\n');
console.log(`\n  ${figures.length} figures in ${Math.round((Date.now() - started) / 1000)} s; written to bench/results.json`);
if (functionLines.length) console.log(functionLines.join('\n'));
if (moneyLines.length) console.log(moneyLines.join('\n'));
process.exit(process.exitCode ?? 0);
