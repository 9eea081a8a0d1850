import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { AwsApiError, AwsHttpApi, type AwsReply } from './aws-http-api';
import { recordingSender, sdkRecorder, signatureOf, TEST_CREDENTIALS, TEST_ENV, wireShape } from './aws-http-api.test-fakes';
import { secretString } from './secrets-manager';

const ENDPOINT = 'https://secretsmanager.ap-southeast-1.amazonaws.com';
const json = (value: unknown): Partial<AwsReply> => ({ body: new TextEncoder().encode(JSON.stringify(value)) });
const secretsManager = (...replies: Partial<AwsReply>[]) => {
  const sender = recordingSender(...replies);
  return { ...sender, api: new AwsHttpApi({ signingName: 'secretsmanager', endpoint: ENDPOINT }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send }) };
};

describe('an AWS API called without its SDK client', () => {
  it("sends Secrets Manager's GetSecretValue as the SDK's client does, signed for the service and region", async () => {
    const sdk = sdkRecorder({ body: JSON.stringify({ SecretString: 'value' }) });
    await new SecretsManagerClient(sdk.config).send(new GetSecretValueCommand({ SecretId: 'arn:aws:secretsmanager:ap-southeast-1:1:secret:pay' }));
    const ours = secretsManager(json({ SecretString: 'value' }));
    await expect(secretString(ours.api, 'arn:aws:secretsmanager:ap-southeast-1:1:secret:pay')).resolves.toBe('value');

    expect(wireShape(ours.requests[0]!)).toEqual(wireShape(sdk.requests[0]!));
    const signature = signatureOf(ours.requests[0]!);
    expect(signature.scope).toBe('ap-southeast-1/secretsmanager/aws4_request');
    expect(signature.signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-security-token', 'x-amz-target', 'content-type']));
    expect(ours.requests[0]!.headers['x-amz-security-token']).toBe(TEST_CREDENTIALS.sessionToken);
  });

  it('refuses a secret without a string value', async () => {
    await expect(secretString(secretsManager(json({ SecretBinary: 'AAAA' })).api, 'binary')).rejects.toThrow('Secret binary has no string value');
  });

  it("throws the service's error code from a JSON, XML or header answer, and does not try a client error again", async () => {
    const notFound = secretsManager({ status: 400, ...json({ __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." }) });
    const error = await secretString(notFound.api, 'missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsApiError);
    expect(error).toMatchObject({ name: 'ResourceNotFoundException', code: 'ResourceNotFoundException', status: 400, message: "Secrets Manager can't find the specified secret." });
    expect(notFound.requests).toHaveLength(1);

    const xml = secretsManager({ status: 404, body: new TextEncoder().encode('<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>') });
    await expect(xml.api.call({ method: 'GET', path: '/a' })).rejects.toMatchObject({ code: 'NoSuchKey', message: 'The specified key does not exist.' });
    const header = secretsManager({ status: 403, headers: { 'x-amzn-errortype': 'ForbiddenException:http://internal' } });
    await expect(header.api.call({ method: 'GET', path: '/a' })).rejects.toMatchObject({ code: 'ForbiddenException', status: 403 });
    const bare = secretsManager({ status: 404 });
    await expect(bare.api.call({ method: 'HEAD', path: '/a' })).rejects.toMatchObject({ code: 'NotFound', status: 404 });
  });

  it('tries throttling, a server error and a failed connection again, three times in all, signing each attempt', async () => {
    const throttled = secretsManager({ status: 400, ...json({ __type: 'ThrottlingException' }) }, { status: 503 }, json({ SecretString: 'after' }));
    await expect(secretString(throttled.api, 's')).resolves.toBe('after');
    expect(throttled.requests).toHaveLength(3);

    const failing = secretsManager({ status: 500 });
    await expect(failing.api.call({ method: 'GET', path: '/' })).rejects.toMatchObject({ status: 500 });
    expect(failing.requests).toHaveLength(3);

    let attempts = 0;
    const api = new AwsHttpApi({ signingName: 'secretsmanager', endpoint: ENDPOINT }, {
      env: TEST_ENV,
      credentials: async () => TEST_CREDENTIALS,
      send: async () => {
        attempts++;
        if (attempts < 2) throw new Error('socket hang up');
        return { status: 200, headers: {}, body: new TextEncoder().encode('{"SecretString":"x"}') };
      },
    });
    await expect(secretString(api, 's')).resolves.toBe('x');
    expect(attempts).toBe(2);
  });

  it("keeps the endpoint's port and path, as the local cloud's endpoints have them", async () => {
    const sender = recordingSender(json({ SecretString: 'v' }));
    const api = new AwsHttpApi({ signingName: 'secretsmanager', endpoint: 'https://localhost:4566/aws/' }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send });
    await secretString(api, 's');
    expect(sender.requests[0]).toMatchObject({ hostname: 'localhost', port: 4566, path: '/aws/', headers: expect.objectContaining({ host: 'localhost:4566' }) });
  });

  it('sends over HTTP what it signed: the query in SigV4 encoding, the host it signed for, the body', async () => {
    const seen: { url?: string; host?: string; authorization?: string; body?: string; headers?: Record<string, string> } = {};
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        Object.assign(seen, { url: request.url, host: request.headers.host, authorization: request.headers.authorization, body, headers: request.headers });
        response.writeHead(200, { 'content-type': 'application/json', 'x-amz-meta-fingerprint': 'f1' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const api = new AwsHttpApi({ signingName: 'iotdata', endpoint: `http://127.0.0.1:${port}` }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS });
      const reply = await api.call({ method: 'POST', path: '/topics/a%2Fb', query: { contentType: 'application/json', note: "x y+z'" }, body: '{"m":1}' });
      expect(seen).toMatchObject({ url: "/topics/a%2Fb?contentType=application%2Fjson&note=x%20y%2Bz%27", host: `127.0.0.1:${port}`, body: '{"m":1}' });
      expect(seen.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTESTONLY\/\d{8}\/ap-southeast-1\/iotdata\/aws4_request, SignedHeaders=host;/);
      expect(reply).toMatchObject({ status: 200, headers: expect.objectContaining({ 'x-amz-meta-fingerprint': 'f1' }) });
      expect(new TextDecoder().decode(reply.body)).toBe('{"ok":true}');

      // The signature holds for the request as it arrived (as AWS checks it): signed again from what was received.
      const received = new URL(seen.url!, `http://${seen.host}`);
      const signedHeaders = /SignedHeaders=([^,]+)/.exec(seen.authorization!)![1]!.split(';');
      const again = await new SignatureV4({ service: 'iotdata', region: 'ap-southeast-1', credentials: TEST_CREDENTIALS, sha256: Sha256 }).sign(new HttpRequest({
        method: 'POST', protocol: 'http:', hostname: received.hostname, port: Number(received.port), path: received.pathname,
        query: Object.fromEntries(received.searchParams), headers: Object.fromEntries(signedHeaders.map((name) => [name, seen.headers![name]!])), body: seen.body,
      }), { signingDate: new Date(seen.headers!['x-amz-date']!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')) });
      expect(again.headers.authorization).toBe(seen.authorization);
    } finally {
      server.close();
    }
  });
});
