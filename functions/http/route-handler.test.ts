import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as contract from '@shared/routes';
import { lambdaContext } from '@infra/local/lambda-context';
import { ORIGIN_VERIFY_HEADER } from './origin';
import { routeHandler } from './route-handler';

const secret = 'route-handler-test-origin';
const saved = process.env.ORIGIN_VERIFY_SHA256;
beforeEach(() => {
  process.env.ORIGIN_VERIFY_SHA256 = createHash('sha256').update(secret).digest('hex');
});
afterEach(() => {
  process.env.ORIGIN_VERIFY_SHA256 = saved;
});

/** A call of the public getMachine route through CloudFront, handled by `impl`. */
async function answerWhen(impl: () => Promise<never>): Promise<APIGatewayProxyStructuredResultV2> {
  const handler = routeHandler(contract.getMachine, impl);
  const event = { headers: { [ORIGIN_VERIFY_HEADER]: secret }, pathParameters: { id: 'HRL-00001' }, requestContext: {} } as unknown as APIGatewayProxyEventV2;
  return (await handler(event, lambdaContext('getMachine'))) as APIGatewayProxyStructuredResultV2;
}

describe('the route handler', () => {
  it('answers 503 when a dependency cannot be reached, whether the SDK or fetch (its socket code in `cause`) says so', async () => {
    const refusedByFetch = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    expect((await answerWhen(() => Promise.reject(refusedByFetch))).statusCode).toBe(503);
    const refusedBySdk = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect((await answerWhen(() => Promise.reject(refusedBySdk))).statusCode).toBe(503);
    expect((await answerWhen(() => Promise.reject(new TypeError('x is undefined')))).statusCode).toBe(500);
  });
});
