import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMachine } from '@shared/routes/stations';
import { adminPutSettings } from '@shared/routes/system';
import { lambdaContext } from '@infra/local/lambda-context';
import { ORIGIN_VERIFY_HEADER } from './origin';
import { routeHandler } from './route-handler';
import { DependencyUnavailable } from '../platform/domain/errors';

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
  const handler = routeHandler(getMachine, impl);
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

  it("answers a dependency that refuses for a while (an adapter's fact) 503 in the caller's words, not the adapter's", async () => {
    const throttled = await answerWhen(() => Promise.reject(new DependencyUnavailable('Cognito GetUser is throttled: Rate exceeded')));
    expect(throttled.statusCode).toBe(503);
    expect(JSON.parse(String(throttled.body))).toEqual({ message: 'Service temporarily unavailable, please try again' });
  });

  describe('on a route that moves money (secondFactor)', () => {
    const route = adminPutSettings;
    const event = (groups: string) => ({
      headers: { [ORIGIN_VERIFY_HEADER]: secret },
      requestContext: { authorizer: { jwt: { claims: { sub: 'sub-1', 'cognito:username': 'sub-1', 'cognito:groups': groups } } } },
    }) as unknown as APIGatewayProxyEventV2;
    const call = async (hasTotp: boolean, groups = '[admin]') => {
      const asked: string[] = [];
      const handler = routeHandler(route, () => Promise.reject(new Error('the body is not read here')), {
        secondFactors: () => ({ hasTotp: async (username) => (asked.push(username), hasTotp) }),
      });
      const result = (await handler(event(groups), lambdaContext('adminPutSettings'))) as APIGatewayProxyStructuredResultV2;
      return { status: result.statusCode, message: (JSON.parse(String(result.body)) as { message: string }).message, asked };
    };

    it('refuses an admin without TOTP with 403 and says what to do, before reading the request', async () => {
      const answer = await call(false);
      expect(answer.status).toBe(403);
      expect(answer.message).toMatch(/authenticator app.*two-step sign-in \(TOTP\)/);
      expect(answer.asked).toEqual(['sub-1']);
    });

    it('lets an admin with TOTP through to the request', async () => {
      const answer = await call(true);
      expect(answer.status).toBe(400);
      expect(answer.asked).toEqual(['sub-1']);
    });

    it('asks nothing of a caller outside the route\'s roles', async () => {
      const answer = await call(true, '[technician]');
      expect(answer.status).toBe(403);
      expect(answer.asked).toEqual([]);
    });

    it('cannot be built without the check', () => {
      expect(() => routeHandler(route, () => Promise.reject(new Error('never')), {} as never)).toThrow(/needs a second factor/);
    });
  });
});
