import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { functionEsbuildOptions } from '@infra/constructs/common';
import { routes } from '@shared/routes';

/** One route's function as the CDK app bundles it (infra/constructs/common.ts): its code and the packages with code in it. */
async function bundled(id: keyof typeof routes): Promise<{ code: string; packages: Set<string> }> {
  const result = await build({ ...functionEsbuildOptions(), entryPoints: [`functions/http/routes/${id}.ts`], write: false, outdir: 'unused', logLevel: 'silent', metafile: true });
  const inputs = Object.values(result.metafile.outputs).flatMap((output) => Object.entries(output.inputs));
  const packages = inputs.filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([file]) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]).filter((name) => name !== undefined);
  return { code: result.outputFiles[0]!.text, packages: new Set(packages) };
}

// docs/scale.md, "Functions": what a function does not use must fall away from its bundle.
describe("a route's function bundle", () => {
  it("holds its own route and schemas, none of the other routes' definitions or schemas", async () => {
    const { code } = await bundled('getMachine');
    const holds = (text: string) => code.includes(text);
    expect(holds(routes.getMachine.summary)).toBe(true);
    // Other routes' definitions; a field of the console's totals (AdminStats); a business type of the host
    // application (HostRequestInput).
    for (const text of [routes.topup.summary, routes.adminCreateMachine.summary, 'openReceivables', 'Gym/Fitness Center']) {
      expect(holds(text), text).toBe(false);
    }
  });

  it('holds no client of a service its use case does not call, though its providers module offers them', async () => {
    // The withdrawal plan only reads the table; the payment wiring beside it sends e-mail, signs tokens, reaches stations.
    const { packages } = await bundled('getWithdrawalPlan');
    expect(packages.has('@aws-sdk/client-dynamodb')).toBe(true);
    for (const unused of ['@aws-sdk/client-sesv2', '@aws-sdk/client-secrets-manager', '@aws-sdk/client-iot-data-plane', 'jose']) {
      expect(packages.has(unused), unused).toBe(false);
    }
  });
});
