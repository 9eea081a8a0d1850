/**
 * Synthesizes the CDK app into the folder given as the first argument, as `cdk synth` does (bundling every function
 * with esbuild, cdk-nag's checks, the context of cdk.json), with the construct paths and asset metadata the CDK CLI
 * asks for, and without the web app's deployment. Run by infra/parity/synth.ts in a process of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { fromRoot } from '../repo-root';
import { buildRefillApp } from '../constructs/refill-app';

const outdir = process.argv[2];
if (!outdir) throw new Error('usage: synth-app.ts <outdir>');
const { context } = JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const app = new App({
  outdir,
  context: {
    ...context,
    'aws:cdk:enable-path-metadata': true,
    'aws:cdk:enable-asset-metadata': true,
    // The same assembly whether or not `npm run build` made dist/web: the web deployment is left out.
    webDistDir: join(outdir, 'no-web-build'),
  },
});
buildRefillApp(app);
app.synth();
