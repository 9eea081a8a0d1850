import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** observability.ts decides at load time whether to trace, so each case loads a fresh copy under its environment. */
async function tracedClient(env: Record<string, string>) {
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  vi.resetModules();
  const { traced } = await import('./observability');
  return traced(new DynamoDBClient({ region: 'ap-southeast-3' })).middlewareStack.identify();
}

describe('X-Ray tracing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('traces AWS SDK calls in Lambda', async () => {
    expect(await tracedClient({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' })).toContainEqual(expect.stringContaining('XRaySDKInstrumentation'));
  });

  it('leaves clients untouched outside Lambda, and in Lambda when POWERTOOLS_TRACE_ENABLED is false', async () => {
    expect((await tracedClient({ AWS_EXECUTION_ENV: '' })).join()).not.toContain('XRay');
    expect((await tracedClient({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'false' })).join()).not.toContain('XRay');
  });
});
