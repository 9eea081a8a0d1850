import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` runs without any server (domain, schemas, CDK assertions); `system` runs
 * against the local cloud that test/support/global-setup.ts starts in memory on free ports
 * (integration tests over HTTP and end-to-end tests in Debian's Chromium); `parity` runs every function of the
 * synthesized template from its bundle against a local cloud of its own (infra/parity/, `npm run parity`).
 */
export default defineConfig({
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'WARN' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts', 'frontend/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'infra/parity/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'system',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/csp-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one database are shared; files run one at a time to keep timings honest on 2 cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'parity',
          include: ['infra/parity/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
