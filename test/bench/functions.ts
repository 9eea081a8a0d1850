import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { functionEsbuildOptions, lambdaEntries } from '@infra/constructs/function-bundle';
import { median, round, type Figure } from './stats';

/** As infra/constructs/common.ts bundles every function of a live deployment (the default), with a metafile to say what is in it. */
const BUNDLE: BuildOptions = { ...functionEsbuildOptions('live'), logLevel: 'silent', metafile: true };
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

/** Bytes in the output per package (node_modules) or per folder of ours (shared/schemas, functions/wallet/adapters, ...). */
export function bytesByPart(metafile: Metafile): Map<string, number> {
  const parts = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
      const part = pkg ?? (file.split('/').length > 2 ? file.split('/').slice(0, 2).join('/') : file);
      parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
    }
  }
  return parts;
}

/** What a bundle holds beyond the floor module, largest first: the parts that grew or are new, in KB. */
function overTheFloor(parts: Map<string, number>, floor: Map<string, number>): { part: string; kb: number }[] {
  return [...parts]
    .map(([part, bytes]) => ({ part, kb: (bytes - (floor.get(part) ?? 0)) / 1024 }))
    .filter((p) => p.kb >= 0.5)
    .sort((a, b) => b.kb - a.kb);
}

/**
 * Each function bundled as the CDK app bundles it (ESM, minified, everything bundled), then timed at import. The floor
 * module is timed alternately with each function (a sample of one, then of the other), so the ratio of the two medians
 * compares them under the same load on a shared machine.
 */
export async function benchFunctions(root: string, log: (s: string) => void): Promise<{ figures: Figure[]; lines: string[] }> {
  const out = mkdtempSync(join(tmpdir(), 'bench-fn-'));
  const entries = lambdaEntries().map((entry) => join(root, entry));
  const empty = join(out, 'empty.mjs');
  writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200 });\n');
  /**
   * A fresh process per sample: the module is loaded cold, as in a new Lambda execution environment. Wall time (the
   * figure), and the CPU time the process spent on it, which the machine's other work inflates far less.
   */
  const sample = (file: string) => {
    const script = `const c=process.cpuUsage(),t=performance.now();await import(${JSON.stringify('file://' + file)});const u=process.cpuUsage(c);process.stdout.write(JSON.stringify([performance.now()-t,(u.user+u.system)/1000]));`;
    const [wall, cpu] = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...LAMBDA_ENV } }).toString()) as [number, number];
    return { wall, cpu };
  };
  const importMs = (file: string) => sample(file).wall;
  const samples = 9;
  const baseline = median(Array.from({ length: samples }, () => importMs(empty)));
  // The floor every function of this design pays: the DynamoDB client and Powertools, and nothing of ours.
  const floorFile = join(out, 'floor.mjs');
  const floorBuild = await build({ ...BUNDLE, stdin: { contents: FLOOR_MODULE, resolveDir: root, loader: 'ts' }, outfile: floorFile });
  const floorParts = bytesByPart(floorBuild.metafile!);
  importMs(floorFile);
  const floorSamples: number[] = [];
  const floorBytes = readFileSync(floorFile).length;
  const figures: Figure[] = [];
  const lines = ['', '  What each function bundles over the floor module (KB in the minified bundle, by package or folder of ours; esbuild metafile):'];
  const cpuRatios: number[] = [];
  let done = 0;
  for (const entry of entries) {
    const name = basename(entry, '.ts');
    const file = join(out, `${name}.mjs`);
    const result = await build({ ...BUNDLE, entryPoints: [entry], outfile: file });
    const code = readFileSync(file);
    const bytes = code.length;
    const gz = gzipSync(code).length;
    importMs(file); // warm the file system cache
    const own: { wall: number; cpu: number }[] = [];
    const floors: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < samples; i++) {
      floors.push(sample(floorFile));
      own.push(sample(file));
    }
    floorSamples.push(...floors.map((s) => s.wall));
    const init = median(own.map((s) => s.wall));
    const floor = median(floors.map((s) => s.wall));
    const ratio = init / floor;
    const cpuRatio = median(own.map((s) => s.cpu)) / median(floors.map((s) => s.cpu));
    cpuRatios.push(cpuRatio);
    const over = overTheFloor(bytesByPart(result.metafile!), floorParts);
    // Targets against the floor module, which every function of this design pays (docs/scale.md, "Functions").
    figures.push(
      {
        group: 'functions', figure: `${name} bundle (over the floor bundle)`, value: round(bytes / 1024, 1), unit: 'KB', baseline: round(floorBytes / 1024, 1),
        target: '<= floor + 100 KB', pass: bytes - floorBytes <= 100 * 1024,
      },
      { group: 'functions', figure: `${name} bundle gzip`, value: round(gz / 1024, 1), unit: 'KB' },
      { group: 'functions', figure: `${name} init`, value: round(init, 1), unit: 'ms', baseline: round(floor, 1), ratio: round(ratio), target: '<= 1.2x floor', pass: ratio <= 1.2 },
    );
    lines.push(`  ${name}: +${((bytes - floorBytes) / 1024).toFixed(1)} KB: ${over.slice(0, 8).map((p) => `${p.part} ${p.kb.toFixed(1)}`).join(', ')}`);
    log(`functions ${++done}/${entries.length} ${name}: ${Math.round(bytes / 1024)} KB (+${Math.round((bytes - floorBytes) / 1024)}), init ${init.toFixed(1)} ms (${ratio.toFixed(2)}x the floor's ${floor.toFixed(1)} ms alongside; CPU time ${cpuRatio.toFixed(2)}x)`);
  }
  const floor = median(floorSamples);
  figures.unshift(
    { group: 'functions', figure: 'empty module init', value: round(baseline, 1), unit: 'ms' },
    { group: 'functions', figure: 'floor module init (DynamoDB client + Powertools only; all its samples)', value: round(floor, 1), unit: 'ms', baseline: round(baseline, 2), ratio: round(floor / baseline) },
    { group: 'functions', figure: 'floor module bundle', value: round(floorBytes / 1024, 1), unit: 'KB', baseline: round(gzipSync(readFileSync(floorFile)).length / 1024, 1) },
  );
  const inits = figures.filter((f) => f.figure.endsWith(' init') && f.ratio !== undefined && f.target);
  const bundles = figures.filter((f) => f.figure.endsWith('(over the floor bundle)'));
  figures.push(
    {
      group: 'functions', figure: 'functions whose init is at most 1.2x the floor', value: inits.filter((f) => f.pass).length, unit: `of ${inits.length}`,
      baseline: round(Math.max(...inits.map((f) => f.ratio!)), 2), target: 'all', pass: inits.every((f) => f.pass),
    },
    {
      group: 'functions', figure: 'functions whose init CPU time is at most 1.2x the floor\'s (for reference: less sensitive to a busy machine)', value: cpuRatios.filter((r) => r <= 1.2).length,
      unit: `of ${cpuRatios.length}`, baseline: round(Math.max(...cpuRatios), 2),
    },
    {
      group: 'functions', figure: 'functions whose bundle is at most the floor + 100 KB', value: bundles.filter((f) => f.pass).length, unit: `of ${bundles.length}`,
      baseline: round(Math.max(...bundles.map((f) => f.value)), 1), target: 'all', pass: bundles.every((f) => f.pass),
    },
  );
  return { figures, lines };
}
