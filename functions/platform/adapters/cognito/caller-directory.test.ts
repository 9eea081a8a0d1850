import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DependencyUnavailable } from '../../domain/errors';
import { CognitoCallerDirectory } from './caller-directory';

/** A stand-in for Cognito's JSON endpoint that answers by the access token it is sent. */
let server: Server;
let endpoint: string;
const requests: { target?: string; contentType?: string; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as { AccessToken: string };
      requests.push({ target: req.headers['x-amz-target'] as string, contentType: req.headers['content-type'], body });
      const answer = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(payload));
      if (body.AccessToken === 'revoked') return answer(400, { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
      if (body.AccessToken === 'broken') return answer(500, { __type: 'InternalErrorException', message: 'boom' });
      if (body.AccessToken === 'throttled') return answer(400, { __type: 'TooManyRequestsException', message: 'Rate exceeded' });
      return answer(200, { Username: 'u1', UserAttributes: [{ Name: 'email', Value: ' ketut@example.com ' }, { Name: 'given_name', Value: 'Ketut' }, { Name: 'family_name', Value: '' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Cognito caller directory', () => {
  it("asks GetUser with the caller's token and reads the e-mail and names (blank ones as missing)", async () => {
    const attributes = await new CognitoCallerDirectory(endpoint).attributesOf('good');
    expect(attributes).toEqual({ email: 'ketut@example.com', givenName: 'Ketut', familyName: null });
    expect(requests.at(-1)).toEqual({ target: 'AWSCognitoIdentityProviderService.GetUser', contentType: 'application/x-amz-json-1.1', body: { AccessToken: 'good' } });
  });

  it('reports a token Cognito no longer honours as unknown, throttling as a dependency unavailable, and fails plainly when Cognito fails', async () => {
    expect(await new CognitoCallerDirectory(endpoint).attributesOf('revoked')).toBeNull();
    const throttled = await new CognitoCallerDirectory(endpoint).attributesOf('throttled').catch((error: unknown) => error);
    expect(throttled).toBeInstanceOf(DependencyUnavailable);
    const broken = await new CognitoCallerDirectory(endpoint).attributesOf('broken').catch((error: unknown) => error);
    expect(broken).not.toBeInstanceOf(DependencyUnavailable);
    expect((broken as Error).message).toBe('Cognito GetUser answered 500 InternalErrorException: boom');
  });
});
