import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { loadHandler } from '../../functions/http/registry';
import { ORIGIN_VERIFY_HEADER } from '../../functions/http/origin';
import { matchRoute, routes, type RouteDefinition } from '../../shared/routes';
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
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const now = new Date();
  const isText = /json|text|x-www-form-urlencoded/.test(req.headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(match.params).length ? match.params : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: req.headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
    } as APIGatewayProxyEventV2['requestContext'],
  };
}

/** Same rules as API Gateway's payload format 2.0 for Lambda results. */
function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string) {
  if (typeof result === 'string') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(result);
  }
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  const body = result.body ?? '';
  res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
