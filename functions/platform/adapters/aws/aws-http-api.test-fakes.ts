import { Readable } from 'node:stream';
import { HttpResponse } from '@smithy/core/protocols';
import type { HttpRequest } from '@smithy/types';
import type { AwsReply, RequestSender } from './aws-http-api';

/** Credentials for requests that are recorded, never sent. */
export const TEST_CREDENTIALS = { accessKeyId: 'AKIDTESTONLY', secretAccessKey: 'test-secret', sessionToken: 'test-session' };
const TEST_REGION = 'ap-southeast-1';
export const TEST_ENV = { AWS_REGION: TEST_REGION };

/**
 * A request handler for an SDK client that records each request and answers `reply` (JSON or XML text, or headers
 * alone). The SDK's own client is the reference for what our calls without it must send.
 */
export function sdkRecorder(reply: { status?: number; headers?: Record<string, string>; body?: string } = {}) {
  const requests: HttpRequest[] = [];
  const requestHandler = {
    handle: async (request: HttpRequest) => {
      requests.push(request);
      return { response: new HttpResponse({ statusCode: reply.status ?? 200, headers: reply.headers ?? {}, body: Readable.from([Buffer.from(reply.body ?? '')]) }) };
    },
  };
  // The endpoints of the environment (the local cloud's, when the system tests run beside) are not the reference's.
  return { requests, config: { region: TEST_REGION, credentials: TEST_CREDENTIALS, requestHandler, maxAttempts: 1, ignoreConfiguredEndpointUrls: true } };
}

/** An AwsHttpApi sender that records each signed request and answers the next of `replies` (the last one again after). */
export function recordingSender(...replies: Partial<AwsReply>[]): { requests: HttpRequest[]; send: RequestSender } {
  const requests: HttpRequest[] = [];
  const send: RequestSender = async (request) => {
    requests.push(request);
    const reply = replies[Math.min(requests.length, replies.length) - 1] ?? {};
    return { status: reply.status ?? 200, headers: reply.headers ?? {}, body: reply.body ?? new Uint8Array() };
  };
  return { requests, send };
}

/** Headers that only the SDK sends (its own bookkeeping), or that the signature and the transport set. */
const NOT_COMPARED = /^(amz-sdk-|x-amz-user-agent$|user-agent$|authorization$|x-amz-date$|x-amz-security-token$|x-amz-content-sha256$|content-length$|x-amz-checksum-|x-amz-sdk-checksum-|expect$)/;

/**
 * What AWS reads of a request, to compare ours with the SDK's: method, host, path, query, the other headers and the
 * body (a JSON body as its value: the order of its members is not the API's).
 */
export function wireShape(request: HttpRequest) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (!NOT_COMPARED.test(name.toLowerCase())) headers[name.toLowerCase()] = value;
  const raw = request.body as string | Uint8Array | undefined | null;
  const text = raw === undefined || raw === null ? '' : typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8');
  const body: unknown = /json/.test(String(headers['content-type'])) ? JSON.parse(text) : text;
  return { method: request.method, hostname: request.hostname, port: request.port, path: request.path, query: request.query, headers, body };
}

/** The signature's scope and what it signs, from a signed request's Authorization header. */
export function signatureOf(request: HttpRequest): { scope: string; signedHeaders: string[] } {
  const match = /^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/([^,]+), SignedHeaders=([^,]+), Signature=[0-9a-f]{64}$/.exec(String(request.headers.authorization));
  if (!match) throw new Error(`not a SigV4 Authorization header: ${request.headers.authorization}`);
  return { scope: match[1]!, signedHeaders: match[2]!.split(';') };
}

/** What a service's own SDK client sends for `command`, as `wireShape` gives it (the client's config: `sdkRecorder`'s). */
export async function sdkWireShape(Client: new (config: ReturnType<typeof sdkRecorder>['config']) => { send(command: never): Promise<unknown> }, command: object) {
  const sdk = sdkRecorder({ body: '{}' });
  await new Client(sdk.config).send(command as never);
  return wireShape(sdk.requests[0]!);
}
