import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { median, round, type Figure } from './stats';

const REQUIRE_BANNER = "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);";

/** Each function bundled as the CDK app bundles it (ESM, minified, everything bundled), then timed at import. */
export async function benchFunctions(root: string, log: (s: string) => void): Promise<Figure[]> {
  const out = mkdtempSync(join(tmpdir(), 'bench-fn-'));
  const entries = [
    ...readdirSync(join(root, 'functions/http/routes')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(root, 'functions/http/routes', f)),
    ...readdirSync(join(root, 'functions/iot')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(root, 'functions/iot', f)),
  ];
  const empty = join(out, 'empty.mjs');
  writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200 });\n');
  const importMs = (file: string) => {
    // A fresh process per sample: the module is loaded cold, as in a new Lambda execution environment.
    const script = `const t=performance.now();await import(${JSON.stringify('file://' + file)});process.stdout.write(String(performance.now()-t));`;
    return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TABLE_NAME: 'bench' } }).toString());
  };
  const samples = 7;
  const baseline = median(Array.from({ length: samples }, () => importMs(empty)));
  const figures: Figure[] = [];
  let done = 0;
  for (const entry of entries) {
    const name = basename(entry, '.ts');
    const file = join(out, `${name}.mjs`);
    await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node22', minify: true, outfile: file, banner: { js: REQUIRE_BANNER }, logLevel: 'silent' });
    const bytes = statSync(file).size;
    const gz = gzipSync(readFileSync(file)).length;
    importMs(file); // warm the file system cache
    const init = median(Array.from({ length: samples }, () => importMs(file)));
    figures.push({ group: 'functions', figure: `${name} bundle`, value: round(bytes / 1024, 1), unit: 'KB', baseline: round(gz / 1024, 1) });
    figures.push({ group: 'functions', figure: `${name} init`, value: round(init, 1), unit: 'ms', baseline: round(baseline, 2), ratio: round(init / baseline), target: '<= 1.3x', pass: init / baseline <= 1.3 });
    log(`functions ${++done}/${entries.length} ${name}: ${Math.round(bytes / 1024)} KB, init ${init.toFixed(1)} ms`);
  }
  return figures;
}
