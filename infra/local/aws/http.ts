import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

/**
 * What the local AWS stand-ins (infra/local/aws/) have in common: an AWS API request as it arrived, an answer, and a
 * server for a handler. Each stand-in is a plain `AwsHandler`, so it can be served on a port of its own (for
 * `AWS_ENDPOINT_URL_<SERVICE>`) or mounted behind another server (the parity suite's recorder, infra/parity/).
 */
export interface AwsRequest {
  method: string;
  /** The path without the query string, still percent-encoded. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface AwsResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type AwsHandler = (request: AwsRequest) => Promise<AwsResponse>;

/** The account and region the stand-ins put into the ARNs they make. */
export interface AwsAccount {
  region: string;
  accountId: string;
}

/** A request to a JSON-protocol service names its operation in X-Amz-Target: `<service prefix>.<Operation>`. */
export function jsonTarget(request: AwsRequest): { prefix: string; operation: string } | null {
  const target = request.headers['x-amz-target'];
  if (typeof target !== 'string') return null;
  const dot = target.lastIndexOf('.');
  return dot < 0 ? null : { prefix: target.slice(0, dot), operation: target.slice(dot + 1) };
}

export function jsonBody<T = Record<string, unknown>>(request: AwsRequest): T {
  if (!request.body.length) return {} as T;
  return JSON.parse(request.body.toString('utf8')) as T;
}

/** An answer of a JSON-protocol service (DynamoDB, Secrets Manager, Cognito, SSM). */
export function awsJson(payload: unknown, status = 200): AwsResponse {
  return { status, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: JSON.stringify(payload) };
}

/** An error as JSON-protocol services send it: the SDK reads the type from `__type` (and x-amzn-ErrorType). */
export function awsJsonError(type: string, message: string, status = 400): AwsResponse {
  return {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: type, message, Message: message }),
  };
}

/** An answer of a REST-JSON service (IoT, IoT data plane, Location). */
export function restJson(payload: unknown, status = 200): AwsResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: payload === undefined ? '' : JSON.stringify(payload) };
}

/** An error as REST-JSON services send it: x-amzn-ErrorType names it. */
export function restJsonError(type: string, message: string, status: number): AwsResponse {
  return { status, headers: { 'content-type': 'application/json', 'x-amzn-errortype': type }, body: JSON.stringify({ message }) };
}

export async function readRequest(req: IncomingMessage): Promise<AwsRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://localhost');
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) };
}

export function writeResponse(res: ServerResponse, response: AwsResponse): void {
  const body = response.body ?? '';
  res.writeHead(response.status, { 'x-amzn-requestid': crypto.randomUUID(), ...response.headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** Sends the request on to another endpoint as it came (DynamoDB Local and cognito-local accept any signature). */
export async function forward(endpoint: string, request: AwsRequest): Promise<AwsResponse> {
  const url = new URL(request.path + (request.query.size ? `?${request.query}` : ''), endpoint);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || ['host', 'connection', 'content-length', 'transfer-encoding', 'expect'].includes(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const answer = await fetch(url, {
    method: request.method,
    headers,
    body: ['GET', 'HEAD'].includes(request.method) ? undefined : new Uint8Array(request.body),
  });
  const responseHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding'].includes(name)) responseHeaders[name] = value;
  });
  return { status: answer.status, headers: responseHeaders, body: Buffer.from(await answer.arrayBuffer()) };
}

export interface ServedHandler {
  url: string;
  port: number;
  server: Server;
  stop(): Promise<void>;
}

/**
 * Serves a handler on 127.0.0.1 (HTTPS when `tls` is given). A handler that throws answers 500 with the error's
 * message, which the SDK reports as an InternalFailure: a stand-in's bug shows up, it is never an empty success.
 */
export async function serveAws(
  handler: AwsHandler,
  options: { port?: number; host?: string; tls?: { key: string; cert: string } } = {},
): Promise<ServedHandler> {
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    readRequest(req)
      .then(handler)
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => {
        if (!res.headersSent) writeResponse(res, awsJsonError('InternalFailure', `Local stand-in failed: ${(error as Error).message}`, 500));
      });
  };
  const server: Server = options.tls ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener) : createHttpServer(listener);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    port,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One operation of a REST-JSON service: method, path template (`{name}` is one segment) and name. */
export type RestOperation = readonly [method: string, pathTemplate: string, operation: string];

/** Which operation of a REST-JSON service a request calls, with its path parameters (decoded). */
export function matchRestOperation(operations: readonly RestOperation[], request: AwsRequest): { operation: string; params: Record<string, string> } | null {
  for (const [method, template, operation] of operations) {
    if (method !== request.method) continue;
    const names: string[] = [];
    const pattern = new RegExp(`^${template.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    const match = pattern.exec(request.path);
    if (match) return { operation, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
  }
  return null;
}
