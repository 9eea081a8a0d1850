import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that read the whole table before and after each request: they run first among the system files, while the
 * table is small (after the other files it holds thousands of items and the same file took 175 s instead of 15 s).
 */
const WHOLE_TABLE_READERS = ['test/integration/fuzz-write-routes.test.ts'];

/**
 * `npm test` runs the system files in two processes, each with a local cloud of its own (`--shard 1/2` and `2/2`), so
 * one's waits (a browser, a station's report, a poll) are the other's working time. The halves are balanced by what
 * each file takes: the slowest files by their seconds measured in a clean-clone run, any other by its kind.
 */
const SLOW_FILES_SECONDS: Record<string, number> = {
  'test/integration/money.test.ts': 130,
  'test/e2e/accessibility.test.ts': 90,
  'test/integration/fuzz-write-routes.test.ts': 65,
  'test/e2e/public-prerendered.test.ts': 50,
  'test/e2e/admin-console.test.ts': 48,
  'test/e2e/public-stations-tiles.test.ts': 42,
  'test/e2e/tourist-journey.test.ts': 41,
  'test/e2e/public-stations.test.ts': 39,
  'test/e2e/payment-return.test.ts': 39,
  'test/e2e/wallet-card-topup.test.ts': 35,
  'test/e2e/guest-refill.test.ts': 34,
};
const secondsOf = (file: TestSpecification) => {
  const path = Object.keys(SLOW_FILES_SECONDS).find((slow) => file.moduleId.endsWith(slow));
  return path ? SLOW_FILES_SECONDS[path]! : file.moduleId.includes('/test/e2e/') ? 15 : 8;
};

class WholeTableReadersFirst extends BaseSequencer {
  /** The longest file first into the half with less work so far: both processes compute the same split. */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const halves = Array.from({ length: count }, () => ({ seconds: 0, files: [] as TestSpecification[] }));
    const byPath = [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : 1));
    for (const file of byPath.sort((a, b) => secondsOf(b) - secondsOf(a))) {
      const lightest = halves.reduce((least, half) => (half.seconds < least.seconds ? half : least));
      lightest.seconds += secondsOf(file);
      lightest.files.push(file);
    }
    return halves[index - 1]!.files;
  }


  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const readsWholeTable = (file: TestSpecification) => WHOLE_TABLE_READERS.some((path) => file.moduleId.endsWith(path));
    const readers = sorted.filter(readsWholeTable);
    const others = sorted.filter((file) => !readsWholeTable(file));
    const firstOfItsProject = others.findIndex((file) => readers.some((reader) => reader.project.name === file.project.name));
    if (firstOfItsProject < 0) return sorted;
    return [...others.slice(0, firstOfItsProject), ...readers, ...others.slice(firstOfItsProject)];
  }
}

/**
 * Three projects: `unit` runs without any server (domain, schemas, CDK assertions); `system` runs
 * against the local cloud that test/support/global-setup.ts starts in memory on free ports
 * (integration tests over HTTP and end-to-end tests in Debian's Chromium); `parity` runs every function of the
 * synthesized template from its bundle against a local cloud of its own (infra/parity/, `npm run parity`).
 */
export default defineConfig({
  // The import aliases of tsconfig.json (@shared/..., @functions/...), as Vite, tsx and esbuild read them too.
  resolve: { tsconfigPaths: true },
  test: {
    sequence: { sequencer: WholeTableReadersFirst },
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'WARN' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts', 'frontend/src/**/*.test.{ts,tsx}', 'test/static/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'infra/parity/**'],
          testTimeout: 60_000,
          // Files of a worker share their imports (aws-cdk-lib, the SDK): importing them again per file was most of the
          // project's time (43 s against 17 s here). No unit test depends on a fresh module state.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/static/**'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/csp-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one database are shared; files run one at a time to keep timings honest on 2 cores.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'parity',
          include: ['infra/parity/**/*.test.ts'],
          // Beside the system tests (npm test), on a loaded 2-core machine the run of every function took over 180 s.
          testTimeout: 480_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
