import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { bundleFunctionsAhead, lambdaEntries } from '../constructs/function-bundle';

/** Everything a synthesized assembly is made from: the app, the functions and what they import, the lockfile. */
const INPUTS = ['infra/app.ts', 'infra/parity/synth-app.ts', 'infra/constructs', 'functions', 'shared', 'cdk.json', 'tsconfig.json', 'package-lock.json'];
const COMPLETE = '.parity-complete';
/** Assemblies unused this long are removed (other worktrees and branches keep theirs meanwhile). */
const CACHE_DAYS = 2;

/** A hash of the inputs' current contents (tracked and untracked files, as they are on disk). */
function inputFingerprint(root = REPO_ROOT): string {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...INPUTS], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !/\.test\.tsx?$/.test(f) && existsSync(join(root, f)))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The cloud assembly of the current sources: synthesized once per fingerprint into the system's temporary folder,
 * outside the repository, so a bundle cannot resolve a package from the repository's node_modules that Lambda would
 * not have. `fresh` synthesizes again. Returns the assembly's folder.
 */
export async function synthesize(options: { fresh?: boolean; log?: (line: string) => void } = {}): Promise<{ dir: string; cached: boolean; ms: number }> {
  const log = options.log ?? (() => undefined);
  const cacheRoot = join(tmpdir(), 'bali-refill-parity');
  const dir = join(cacheRoot, inputFingerprint());
  if (!options.fresh && existsSync(join(dir, COMPLETE))) {
    utimesSync(dir, new Date(), new Date());
    return { dir, cached: true, ms: 0 };
  }

  const started = Date.now();
  mkdirSync(cacheRoot, { recursive: true });
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  // Every function bundled in one esbuild build (about 13 s), which the synthesis then copies: a bundling process
  // per function took about a second each.
  const bundles = `${building}.bundles`;
  log('Bundling the functions in one esbuild build, then synthesizing the CDK app');
  // The synthesis's default payments (infra/constructs/payments-mode.ts); in another mode it bundles as it goes.
  await bundleFunctionsAhead(lambdaEntries(), bundles, 'live');
  const env: NodeJS.ProcessEnv = { ...process.env, FUNCTION_BUNDLES_DIR: bundles };
  // The app's default region (docs/infrastructure.md), as for an operator without one configured.
  delete env.CDK_DEFAULT_REGION;
  delete env.CDK_DEFAULT_ACCOUNT;
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'infra/parity/synth-app.ts'), building], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let bundled = 0;
    let last = Date.now();
    child.on('exit', () => log(`  bundled ${bundled} functions; ${((Date.now() - last) / 1000).toFixed(0)} s of synthesis after the last (templates, cdk-nag)`));
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      for (const line of text.split('\n')) {
        if (line.startsWith('Bundling asset ')) {
          bundled++;
          if (bundled % 10 === 0) log(`  bundled ${bundled} functions`);
          last = Date.now();
        }
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', resolve);
  });
  rmSync(bundles, { recursive: true, force: true });
  if (code !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(`Synthesis failed (exit ${code}):\n${output.join('').split('\n').filter((l) => !/^npm warn/.test(l)).slice(-40).join('\n')}`);
  }
  writeFileSync(join(building, COMPLETE), new Date().toISOString());
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  pruneCache(cacheRoot, dir);
  return { dir, cached: false, ms: Date.now() - started };
}

function pruneCache(cacheRoot: string, keep: string) {
  const cutoff = Date.now() - CACHE_DAYS * 86_400_000;
  for (const name of readdirSync(cacheRoot)) {
    const path = join(cacheRoot, name);
    if (path !== keep && statSync(path).mtimeMs < cutoff) rmSync(path, { recursive: true, force: true });
  }
}
