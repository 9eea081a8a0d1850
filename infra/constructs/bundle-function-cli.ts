/**
 * `node --import tsx infra/constructs/bundle-function-cli.ts <entry> <outdir> <live|sandbox>`: one function's bundle
 * for a deployment with those payments.
 * The CDK asks for an asset's local bundling synchronously, and esbuild runs plugins only in its asynchronous API, so
 * AppFunction (common.ts) runs this in a process of its own.
 */
import { bundleFunction } from './function-bundle';

const [entry, outdir, paymentsMode] = process.argv.slice(2);
if (!entry || !outdir || (paymentsMode !== 'live' && paymentsMode !== 'sandbox')) throw new Error('usage: bundle-function-cli.ts <entry> <outdir> <live|sandbox>');
await bundleFunction(entry, outdir, paymentsMode);
