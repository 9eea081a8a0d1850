import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../repo-root';

/** The production build of the web app: what `npm run build` writes and `cdk deploy` uploads. */
const WEB_DIST_DIR = resolve(REPO_ROOT, 'dist/web');
/** Beside the build, not in it (everything in dist/web is deployed): the hash of the inputs it was built from. */
const STAMP_FILE = resolve(REPO_ROOT, 'dist/web.build.json');
const LOCK_DIR = resolve(REPO_ROOT, 'dist/web.lock');

/** What the build reads: the app, the shared contract, the dependencies and compiler settings, and this recipe. */
const INPUT_DIRS = ['frontend', 'shared'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'infra/local/web-build.ts'];

interface Stamp {
  /** SHA-256 of every input file and VITE_* variable. */
  inputs: string;
  /** SHA-256 of the index.html it produced: a build written by someone else (`npm run build`) does not pass as ours. */
  indexHtml: string;
}

export interface WebBuild {
  distDir: string;
  /** False when the build on disk was already made from the current inputs. */
  built: boolean;
  ms: number;
}

/**
 * Builds the web app into dist/web unless the build there was made from the same inputs (the sources, the lockfile,
 * the VITE_* variables). One process builds at a time (a lock folder); the new build replaces the old one in one rename.
 */
export async function ensureWebBuild(log: (line: string) => void = () => undefined): Promise<WebBuild> {
  const started = Date.now();
  const release = await lock(log);
  try {
    const inputs = inputsHash();
    if (current(inputs)) return { distDir: WEB_DIST_DIR, built: false, ms: Date.now() - started };
    log('Building the web app (production build, only when its sources changed)');
    const staging = `${WEB_DIST_DIR}.building-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const { build } = await import('vite');
    // Vite builds React's development version when NODE_ENV says otherwise (vitest sets 'test').
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: resolve(REPO_ROOT, 'frontend/vite.config.ts'),
        // Imported through Vite's module runner: the bundling loader warns about every extensionless import it follows.
        configLoader: 'runner',
        logLevel: 'warn',
        // Rolldown's report of slow plugins is for whoever tunes the build, not for every start.
        build: { outDir: staging, emptyOutDir: true, rolldownOptions: { checks: { bundlerTimings: false } } },
      });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    rmSync(STAMP_FILE, { force: true });
    rmSync(WEB_DIST_DIR, { recursive: true, force: true });
    renameSync(staging, WEB_DIST_DIR);
    writeFileSync(STAMP_FILE, JSON.stringify({ inputs, indexHtml: indexHtmlHash() } satisfies Stamp, null, 2) + '\n');
    return { distDir: WEB_DIST_DIR, built: true, ms: Date.now() - started };
  } finally {
    release();
  }
}

function current(inputs: string): boolean {
  if (!existsSync(STAMP_FILE) || !existsSync(join(WEB_DIST_DIR, 'index.html'))) return false;
  const stamp = JSON.parse(readFileSync(STAMP_FILE, 'utf8')) as Stamp;
  return stamp.inputs === inputs && stamp.indexHtml === indexHtmlHash();
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const indexHtmlHash = () => sha256(readFileSync(join(WEB_DIST_DIR, 'index.html')));

/** One hash over the path and content of every input file (tests excluded: the build never imports them) and the VITE_* variables. */
export function inputsHash(root = REPO_ROOT, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(resolve(root, dir))), ...INPUT_FILES.map((file) => resolve(root, file))];
  for (const file of files.sort()) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : Buffer.alloc(0));
    hash.update('\0');
  }
  for (const name of Object.keys(env).filter((n) => n.startsWith('VITE_')).sort()) hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : filesUnder(path);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [path];
  });
}

/** A lock folder holding the owner's pid; a lock whose owner is gone is taken over. */
async function lock(log: (line: string) => void): Promise<() => void> {
  mkdirSync(resolve(LOCK_DIR, '..'), { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, 'pid'), String(process.pid));
      return () => rmSync(LOCK_DIR, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!alive(lockOwner(), lockAgeMs())) {
      rmSync(LOCK_DIR, { recursive: true, force: true });
      continue;
    }
    if (!told) log('Waiting for another process building the web app');
    told = true;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function lockOwner(): number | null {
  try {
    return Number(readFileSync(join(LOCK_DIR, 'pid'), 'utf8')) || null;
  } catch {
    return null;
  }
}

function lockAgeMs(): number {
  try {
    return Date.now() - statSync(LOCK_DIR).mtimeMs;
  } catch {
    return 0;
  }
}

function alive(pid: number | null, ageMs: number): boolean {
  // A lock folder without its pid is being taken right now, unless it has been so for long.
  if (pid === null) return ageMs < 10_000;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
