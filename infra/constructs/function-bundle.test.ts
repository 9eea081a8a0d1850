import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFunction, bundleFunctionsAhead, lambdaEntries, withLiteralKeys } from './function-bundle';

describe("the SDK schemas' keys written as literals", () => {
  const schemas = [
    'const _h = "http";',
    'const _e = "error";',
    'const _ASE = "AccountSuspendedException";',
    'const n0 = "com.amazonaws.sesv2";',
    'export var SendEmail$ = [9, n0, _SE, { [_h]: ["POST", "/v2/email/outbound-emails", 200] }, () => SendEmailRequest$];',
    'export var AccountSuspendedException$ = [-3, n0, _ASE, { [_e]: _c, [_hE]: 400 }, [_m], [0]];',
  ].join('\n');

  it('writes a computed key that names a string constant of the module as that string', () => {
    const out = withLiteralKeys(schemas);
    expect(out).toContain('{ "http": ["POST", "/v2/email/outbound-emails", 200] }');
    expect(out).toContain('{ "error": _c, [_hE]: 400 }'); // _hE is not declared in this module: left as it is
  });

  it('leaves values, array elements and the declarations alone', () => {
    const out = withLiteralKeys(schemas);
    expect(out).toContain('[_m], [0]');
    expect(out).toContain('[-3, n0, _ASE,');
    expect(out.split('\n').slice(0, 4).join('\n')).toBe(schemas.split('\n').slice(0, 4).join('\n'));
  });
});

describe('functions bundled ahead, all in one build', () => {
  it("holds each function's code exactly as its own bundle does, where the synthesis looks for it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundles-ahead-'));
    try {
      const entries = ['functions/http/routes/getMachine.ts', 'functions/iot/vendComplete.ts'];
      expect(lambdaEntries()).toEqual(expect.arrayContaining(entries));
      await bundleFunctionsAhead(entries, join(dir, 'ahead'), 'live');
      for (const entry of entries) {
        await bundleFunction(entry, join(dir, 'own', entry), 'live');
        expect(readFileSync(join(dir, 'ahead', 'live', entry, 'index.mjs'), 'utf8'), entry).toBe(readFileSync(join(dir, 'own', entry, 'index.mjs'), 'utf8'));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
