import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { functionEsbuildOptions, type PaymentsMode } from '@infra/constructs/function-bundle';
import { routes } from '@shared/routes';
import { bytesByPart } from '@test/bench/functions';

/** One route's function as the CDK app bundles it (infra/constructs/common.ts): its code and the bytes of each part in it. */
async function bundled(id: keyof typeof routes, paymentsMode: PaymentsMode = 'live'): Promise<{ code: string; hasCodeOf: (part: string) => boolean }> {
  const result = await build({ ...functionEsbuildOptions(paymentsMode), entryPoints: [`functions/http/routes/${id}.ts`], write: false, outdir: 'unused', logLevel: 'silent', metafile: true });
  const parts = bytesByPart(result.metafile);
  return { code: result.outputFiles[0]!.text, hasCodeOf: (part) => (parts.get(part) ?? 0) > 0 };
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
    const { hasCodeOf } = await bundled('getWithdrawalPlan');
    expect(hasCodeOf('@aws-sdk/client-dynamodb')).toBe(true);
    for (const unused of ['@aws-sdk/client-sesv2', '@aws-sdk/client-secrets-manager', '@aws-sdk/client-iot-data-plane', 'jose']) {
      expect(hasCodeOf(unused), unused).toBe(false);
    }
  });

  it("holds the schemas of the SDK operations it calls, not every operation of the client (function-bundle.ts)", async () => {
    // An address search is Amazon Location's SearchPlaceIndexForText, of its sixty REST operations.
    const { code } = await bundled('geocode');
    const holds = (text: string) => code.includes(text);
    expect(holds('"SearchPlaceIndexForTextRequest"')).toBe(true);
    for (const unused of ['"CreateMapRequest"', '"CalculateRouteRequest"']) expect(holds(unused), unused).toBe(false);
  });

  it("holds the payment gateway of its deployment's payments mode only (providers/payment-gateway.ts)", async () => {
    const midtrans = 'https://api.midtrans.com';
    const sandbox = 'Sandbox server key is empty';
    const live = (await bundled('topup', 'live')).code;
    expect([live.includes(midtrans), live.includes(sandbox)]).toEqual([true, false]);
    const test = (await bundled('topup', 'sandbox')).code;
    expect([test.includes(midtrans), test.includes(sandbox)]).toEqual([false, true]);
  });

  it("calls S3, SES, Secrets Manager and the IoT data plane over HTTP, without their SDK clients (adapters/aws/)", async () => {
    for (const id of ['createReportPhotoUpload', 'purchase', 'adminCreateCommand'] as const) {
      const { hasCodeOf } = await bundled(id);
      for (const client of ['@aws-sdk/client-s3', '@aws-sdk/client-sesv2', '@aws-sdk/client-secrets-manager', '@aws-sdk/client-iot-data-plane', '@aws-sdk/client-iot']) {
        expect(hasCodeOf(client), `${id}: ${client}`).toBe(false);
      }
    }
  });
});
