/**
 * How every function's code is bundled, in one place: AppFunction (common.ts) runs `bundleFunction` for the CDK app
 * in a process of its own (infra/constructs/bundle-function-cli.ts), and `npm run bench` and the bundle tests build
 * with the same options (`functionEsbuildOptions`). No aws-cdk-lib here: the bundling process starts once per function.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

/** esbuild's ESM output has no `require`; CommonJS dependencies bundled into it need one. */
export const CREATE_REQUIRE_BANNER =
  "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);";

/** The schemas the AWS SDK generates for each client: one module per client holding every operation's. */
const SDK_SCHEMAS = /[\\/]@aws-sdk[\\/][^\\/]+(?:[\\/][^\\/]+)*[\\/]schemas[\\/]schemas_\d+\.js$/;

/**
 * Lets esbuild drop the schemas of the AWS SDK operations a function never calls (docs/scale.md, "The SDK's unused
 * operations, and calls without its clients"). The SDK writes each schema's traits with computed keys naming module
 * constants (`const _h = "http"; ... { [_h]: ["POST", "/places/v0/indexes/{IndexName}/search/text", 200] }`). esbuild
 * cannot tell that such a key has no side effect, so it keeps every schema of the module: Amazon Location's sixty
 * operations for one address search, and so for every client of a REST protocol (aws/aws-sdk-js-v3#7607; the JSON
 * protocols' schemas have no such keys). The key written as the string constant it names (`{ "http": [...] }`) is
 * the same object, and esbuild then keeps only the schemas a kept command reaches.
 */
const sdkSchemaLiteralKeys: Plugin = {
  name: 'sdk-schema-literal-keys',
  setup(esbuild) {
    esbuild.onLoad({ filter: SDK_SCHEMAS }, async ({ path }) => ({ contents: withLiteralKeys(await readFile(path, 'utf8')), loader: 'js' }));
  },
};

/** `{ [_x]: ... }` and `, [_x]: ...` become `"value": ...` where the module declares `const _x = "value";`. */
export function withLiteralKeys(code: string): string {
  const strings = new Map([...code.matchAll(/^const (_\w+) = ("[^"\\\n]*");$/gm)].map(([, name, literal]) => [name!, literal!]));
  return code.replace(/([{,]\s*)\[(_\w+)\]:/g, (key, before: string, name: string) => (strings.has(name) ? `${before}${strings.get(name)}:` : key));
}

/**
 * The OpenAPI document is a function of the contract alone, so the function that serves it carries the document as
 * built at bundle time, not every route's schemas and zod's JSON Schema conversion to build it at each cold start
 * (docs/scale.md, "Functions"). Run in place (the local cloud, the tests), shared/openapi.ts builds the same document.
 */
const prebuiltOpenApiDocument: Plugin = {
  name: 'prebuilt-openapi-document',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]shared[\\/]openapi\.ts$/ }, async () => {
      const { openApiDocument } = await import('@shared/openapi');
      return { contents: `const document = JSON.parse(${JSON.stringify(JSON.stringify(openApiDocument()))});\nexport const openApiDocument = () => document;\n`, loader: 'js' };
    });
  },
};

/** A deployment's payments (its PAYMENTS_MODE): Midtrans, or the sandbox of a test stage (infra/constructs/payments-mode.ts). */
export type PaymentsMode = 'live' | 'sandbox';

/**
 * esbuild's options for a function of a deployment with these payments: one minified ES module for Node 22 with
 * everything bundled, the AWS SDK too. The payments mode is a constant of the bundle
 * (`process.env.BUNDLED_PAYMENTS_MODE`, functions/wallet/providers/payment-gateway.ts), so the gateway adapter of the other
 * mode is left out (docs/scale.md, "Functions").
 */
export const functionEsbuildOptions = (paymentsMode: PaymentsMode): BuildOptions => ({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: CREATE_REQUIRE_BANNER },
  minify: true,
  define: { 'process.env.BUNDLED_PAYMENTS_MODE': JSON.stringify(paymentsMode) },
  plugins: [sdkSchemaLiteralKeys, prebuiltOpenApiDocument],
});

/** The repository, two levels up from infra/constructs/, and its tsconfig.json (its path aliases). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSCONFIG = join(ROOT, 'tsconfig.json');

/** Every Lambda entry of the repository, repository-relative: the files of the functions' folders that export a handler, not their helpers. */
export function lambdaEntries(): string[] {
  return [
    ...['functions/http/routes', 'functions/iot', 'functions/stations', 'functions/identity'].flatMap((folder) =>
      readdirSync(join(ROOT, folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => `${folder}/${f}`)),
    'functions/deploy/setup.ts',
  ].filter((entry) => /export (const|async function|function) handler\b/.test(readFileSync(join(ROOT, entry), 'utf8')));
}

/** How a bundle is written as Lambda runs it: a source map beside it (without the sources), the repository's aliases. */
const writtenAsLambdaRunsIt = { sourcemap: true, sourcesContent: false, tsconfig: TSCONFIG, logLevel: 'warning' } as const;

/** Bundles one function as Lambda runs it: `index.mjs` in `outdir`, with its source map. */
export async function bundleFunction(entry: string, outdir: string, paymentsMode: PaymentsMode): Promise<void> {
  await build({ ...functionEsbuildOptions(paymentsMode), ...writtenAsLambdaRunsIt, entryPoints: [entry], outfile: join(outdir, 'index.mjs') });
}

/**
 * Bundles many functions in one esbuild build, which parses each module once for all of them (about 13 s for the
 * app's functions against a second each in a process of its own): `<root>/<paymentsMode>/<entry>/index.mjs`, the
 * same code as `bundleFunction`'s. A synthesis given FUNCTION_BUNDLES_DIR=<root> copies them from there (common.ts).
 */
export async function bundleFunctionsAhead(entries: string[], root: string, paymentsMode: PaymentsMode): Promise<void> {
  await build({
    ...functionEsbuildOptions(paymentsMode),
    entryPoints: entries.map((entry) => ({ in: join(ROOT, entry), out: `${paymentsMode}/${entry}/index` })),
    ...writtenAsLambdaRunsIt,
    outdir: root,
    outExtension: { '.js': '.mjs' },
  });
}
