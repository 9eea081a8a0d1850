import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { functionEsbuildOptions } from '@infra/constructs/common';
import { routes } from '@shared/routes';

/** One route's function as the CDK app bundles it (infra/constructs/common.ts). */
async function bundled(id: keyof typeof routes): Promise<string> {
  const result = await build({ ...functionEsbuildOptions(), entryPoints: [`functions/http/routes/${id}.ts`], write: false, outdir: 'unused', logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

describe("a route's function bundle", () => {
  // docs/scale.md, "Functions": the contract is in every function, so what one route does not use must fall away.
  it("holds its own route and schemas, none of the other routes' definitions or schemas", async () => {
    const code = await bundled('getMachine');
    const holds = (text: string) => code.includes(text);
    expect(holds(routes.getMachine.summary)).toBe(true);
    // Other routes' definitions; a field of the console's totals (AdminStats); a business type of the host
    // application (HostRequestInput).
    for (const text of [routes.topup.summary, routes.adminCreateMachine.summary, 'openReceivables', 'Gym/Fitness Center']) {
      expect(holds(text), text).toBe(false);
    }
  });
});
