import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { loadHandler } from '@functions/http/registry';
import { ORIGIN_VERIFY_HEADER } from '@functions/http/origin';
import { matchRoute, routes } from '@shared/routes';
import { type RouteDefinition } from '@shared/routes/route';
import { lambdaContext } from './lambda-context';

export type Claims = Record<string, string | number | boolean | string[]>;
/** Verifies a bearer token the way the HTTP API's JWT authorizer does; null when it would answer 401. */
export type TokenVerifier = (token: string) => Promise<Claims | null>;

const MAX_BODY_BYTES = 1024 * 1024;

export interface LocalGateway {
  origin: string;
  server: Server;
  stop(): Promise<void>;
}

export interface GatewayOptions {
  port: number;
  verifyToken?: TokenVerifier;
  /** The origin secret CloudFront adds to every request it passes on (the handlers check its SHA-256). */
  originSecret: string;
}

/**
 * The local stand-in for CloudFront's /api/* behaviour and API Gateway in one: matches the route table, turns the
 * request into an HTTP API v2 event (with JWT claims on protected routes, and the origin header CloudFront adds)
 * and calls the very same handler.
 */
export async function startGateway(options: GatewayOptions): Promise<LocalGateway> {
  const server = createServer((req, res) => {
    handle(req, res, options).catch((error: unknown) => {
      console.error('gateway error', error);
      if (!res.headersSent) send(res, 502, { message: 'Bad gateway' });
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${options.port}`,
    server,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function send(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(payload));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function handle(req: IncomingMessage, res: ServerResponse, { verifyToken, originSecret }: GatewayOptions) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = req.method ?? 'GET';
  const match = matchRoute(method, url.pathname);
  if (!match) return send(res, 404, { message: 'Not Found' });
  const route: RouteDefinition = routes[match.id];

  let claims: Claims | undefined;
  if (route.auth !== 'public') {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    const verified = token && verifyToken ? await verifyToken(token) : null;
    if (!verified) return send(res, 401, { message: 'Unauthorized' });
    claims = verified;
  }

  const body = await readBody(req);
  if (body === null) return send(res, 413, { message: 'Request body is too large' });
  const event = toEvent(req, url, match, body, claims);
  event.headers[ORIGIN_VERIFY_HEADER] = originSecret;
  const handler = await loadHandler(match.id);
  const result = (await handler(event, lambdaContext(match.id))) as APIGatewayProxyStructuredResultV2 | string;
  writeResult(res, result);
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  match: { id: keyof typeof routes; params: Record<string, string> },
  body: Buffer,
  claims: Claims | undefined,
): APIGatewayProxyEventV2 {
  const route: RouteDefinition = routes[match.id];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return httpApiEvent({
    routeKey: `${route.method} ${route.path}`,
    path: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    params: match.params,
    body,
    claims,
    sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    protocol: `HTTP/${req.httpVersion}`,
  });
}

export interface HttpApiRequest {
  /** `<METHOD> <path template>`, as the route is declared. */
  routeKey: string;
  path: string;
  rawQueryString?: string;
  /** Lower-case names; `cookie` is passed as the event's cookies, as API Gateway does. */
  headers: Record<string, string>;
  params?: Record<string, string>;
  body?: Buffer;
  claims?: Claims;
  sourceIp?: string;
  protocol?: string;
  apiId?: string;
  accountId?: string;
}

/** The HTTP API (payload format 2.0) event API Gateway hands a Lambda proxy integration for a request. */
export function httpApiEvent(request: HttpApiRequest): APIGatewayProxyEventV2 {
  const [method] = request.routeKey.split(' ');
  const { cookie, ...headers } = request.headers;
  const body = request.body ?? Buffer.alloc(0);
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(request.rawQueryString ?? '')) query[key] = key in query ? `${query[key]},${value}` : value;
  const params = request.params ?? {};
  const now = new Date();
  const isText = /json|text|x-www-form-urlencoded/.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: request.routeKey,
    rawPath: request.path,
    rawQueryString: request.rawQueryString ?? '',
    cookies: cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: request.accountId ?? '000000000000',
      apiId: request.apiId ?? 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'local').split('.')[0]!,
      http: {
        method: method!,
        path: request.path,
        protocol: request.protocol ?? 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: request.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(request.claims ? { authorizer: { jwt: { claims: request.claims, scopes: [] } } } : {}),
    } as APIGatewayProxyEventV2['requestContext'],
  };
}

/** What API Gateway answers for a Lambda result (payload format 2.0): a bare string is a 200 JSON body. */
export function httpApiAnswer(result: APIGatewayProxyStructuredResultV2 | string): { status: number; headers: Record<string, string | string[]>; body: Buffer } {
  if (typeof result === 'string') return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(result) };
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ?? '';
  return { status: result.statusCode ?? 200, headers, body: result.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body) };
}

/** Same rules as API Gateway's payload format 2.0 for Lambda results. */
function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string) {
  const answer = httpApiAnswer(result);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}
