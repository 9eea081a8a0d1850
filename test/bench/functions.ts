import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { CREATE_REQUIRE_BANNER } from '@infra/constructs/common';
import { median, round, type Figure } from './stats';

/** As infra/constructs/common.ts bundles every function. */
const BUNDLE: BuildOptions = {
  bundle: true, platform: 'node', format: 'esm', target: 'node22', minify: true, mainFields: ['module', 'main'], banner: { js: CREATE_REQUIRE_BANNER }, logLevel: 'silent',
};
const FLOOR_MODULE = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const observed = [new Logger(), new Metrics({ namespace: 'floor' }), new Tracer()];
export const handler = async () => [db, observed];
`;

/** What Lambda sets that the functions read at init (the tracer loads only in Lambda). */
const LAMBDA_ENV = { TABLE_NAME: 'bench', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_LAMBDA_FUNCTION_NAME: 'bench', AWS_REGION: 'ap-southeast-3', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/** Each function bundled as the CDK app bundles it (ESM, minified, everything bundled), then timed at import. */
export async function benchFunctions(root: string, log: (s: string) => void): Promise<Figure[]> {
  const out = mkdtempSync(join(tmpdir(), 'bench-fn-'));
  const entries = [
    ...readdirSync(join(root, 'functions/http/routes')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(root, 'functions/http/routes', f)),
    ...readdirSync(join(root, 'functions/iot')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(root, 'functions/iot', f)),
    join(root, 'functions/deploy/setup.ts'),
  ];
  const empty = join(out, 'empty.mjs');
  writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200 });\n');
  const importMs = (file: string) => {
    // A fresh process per sample: the module is loaded cold, as in a new Lambda execution environment.
    const script = `const t=performance.now();await import(${JSON.stringify('file://' + file)});process.stdout.write(String(performance.now()-t));`;
    return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...LAMBDA_ENV } }).toString());
  };
  const samples = 7;
  const baseline = median(Array.from({ length: samples }, () => importMs(empty)));
  // The floor every function of this design pays: the DynamoDB client and Powertools, and nothing of ours.
  const floorFile = join(out, 'floor.mjs');
  await build({ ...BUNDLE, stdin: { contents: FLOOR_MODULE, resolveDir: root, loader: 'ts' }, outfile: floorFile });
  importMs(floorFile);
  const floor = median(Array.from({ length: samples }, () => importMs(floorFile)));
  const floorBytes = statSync(floorFile).size;
  const figures: Figure[] = [
    { group: 'functions', figure: 'empty module init', value: round(baseline, 1), unit: 'ms' },
    { group: 'functions', figure: 'floor module init (DynamoDB client + Powertools only)', value: round(floor, 1), unit: 'ms', baseline: round(baseline, 2), ratio: round(floor / baseline) },
    { group: 'functions', figure: 'floor module bundle', value: round(floorBytes / 1024, 1), unit: 'KB', baseline: round(gzipSync(readFileSync(floorFile)).length / 1024, 1) },
  ];
  log(`functions: empty module ${baseline.toFixed(1)} ms, floor module ${floor.toFixed(1)} ms`);
  let done = 0;
  for (const entry of entries) {
    const name = basename(entry, '.ts');
    const file = join(out, `${name}.mjs`);
    await build({ ...BUNDLE, entryPoints: [entry], outfile: file });
    const bytes = statSync(file).size;
    const gz = gzipSync(readFileSync(file)).length;
    importMs(file); // warm the file system cache
    const init = median(Array.from({ length: samples }, () => importMs(file)));
    // Targets against the floor module, which every function of this design pays (docs/cost.md).
    figures.push({
      group: 'functions', figure: `${name} bundle (over the floor bundle)`, value: round(bytes / 1024, 1), unit: 'KB', baseline: round(floorBytes / 1024, 1),
      target: '<= floor + 100 KB', pass: bytes - floorBytes <= 100 * 1024,
    });
    figures.push(
      { group: 'functions', figure: `${name} bundle gzip`, value: round(gz / 1024, 1), unit: 'KB' },
      { group: 'functions', figure: `${name} init`, value: round(init, 1), unit: 'ms', baseline: round(floor, 1), ratio: round(init / floor), target: '<= 1.2x floor', pass: init / floor <= 1.2 },
    );
    log(`functions ${++done}/${entries.length} ${name}: ${Math.round(bytes / 1024)} KB, init ${init.toFixed(1)} ms (${(init / floor).toFixed(2)}x the floor)`);
  }
  return figures;
}
