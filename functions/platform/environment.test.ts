import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissingSettingError, optionalSetting, setting, SETTINGS, settingsFor } from './environment';

const root = new URL('..', import.meta.url).pathname;

describe('function settings', () => {
  it('gives each need its settings, and every function the observability ones', () => {
    expect(settingsFor([])).toEqual(['POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE']);
    expect(settingsFor(['iotProvisioning'])).toEqual(expect.arrayContaining(['IOT_ENDPOINT', 'IOT_POLICY_NAME', 'IOT_THING_TYPE_NAME']));
    expect(settingsFor(['iotData'])).toContain('IOT_ENDPOINT');
    expect(settingsFor(['iotData'])).not.toContain('IOT_POLICY_NAME');
    expect(settingsFor(['paymentSecret'])).not.toContain('SIGNING_KEY_SECRET_ARN');
    for (const name of Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]) {
      expect(SETTINGS[name].needs.length, name).toBeGreaterThan(0);
    }
  });

  it('says which setting is missing and what it is for; only Powertools\' two have fallbacks', () => {
    expect(() => setting('TABLE_NAME', {})).toThrow(new MissingSettingError('TABLE_NAME'));
    expect(() => setting('TABLE_NAME', { TABLE_NAME: '' })).toThrow(/TABLE_NAME is not set \(The single DynamoDB table\)/);
    expect(setting('TABLE_NAME', { TABLE_NAME: 't' })).toBe('t');
    expect(optionalSetting('PLACE_INDEX_NAME', {})).toBeUndefined();
    expect(setting('POWERTOOLS_SERVICE_NAME', {})).toBe('bali-refill');
  });

  it('is the only place in functions/ that reads process.env for a setting', () => {
    const allowed = new Set(['platform/environment.ts', 'platform/observability.ts']); // observability: AWS_EXECUTION_ENV, set by the runtime
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test(-fakes)?\.ts$/.test(entry.name) && !allowed.has(relative(root, path))) {
          // BUNDLED_PAYMENTS_MODE is no setting: esbuild writes the deployment's payments mode in for it (wallet/providers/payment-gateway.ts).
          const code = readFileSync(path, 'utf8').replace(/env: NodeJS\.ProcessEnv = process\.env/g, '').replace(/process\.env\.BUNDLED_PAYMENTS_MODE\b/g, '');
          if (/process\.env\b(?!\))/.test(code)) offenders.push(relative(root, path));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
