/**
 * `node --import tsx infra/constructs/bundle-function-cli.ts <entry> <outdir>`: one function's bundle.
 * The CDK asks for an asset's local bundling synchronously, and esbuild runs plugins only in its asynchronous API, so
 * AppFunction (common.ts) runs this in a process of its own.
 */
import { bundleFunction } from './function-bundle';

const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) throw new Error('usage: bundle-function-cli.ts <entry> <outdir>');
await bundleFunction(entry, outdir);
