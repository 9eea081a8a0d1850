import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { $ZodError } from 'zod/v4/core';
import type * as z from 'zod/mini';
import { languageOf, type Language } from '@shared/language';
import type { RouteDefinition } from '@shared/routes/route';
import { fieldMessageIn } from '@shared/schemas/field-messages';
import { fieldMessages } from '@shared/schemas/error';
import { DependencyUnavailable, DomainError, forbidden, invalid, unauthorized } from '../platform/domain/errors';
import * as texts from '../platform/domain/texts';
import { localOnlySetting } from '../platform/environment';
import { countMetric, logger, observability } from '../platform/observability';
import type { SecondFactors } from '../platform/ports/second-factors';
import { identityFrom, type Identity } from './identity';
import { originCheck } from './origin';

interface RouteRequest<D extends RouteDefinition> {
  params: Parsed<D, 'params'>;
  query: Parsed<D, 'query'>;
  body: Parsed<D, 'body'>;
  /** Who is calling: always there on a route that is not public (the handler refuses others first). */
  identity: D['auth'] extends 'public' ? Identity | null : Identity;
  headers: Record<string, string | undefined>;
  /** The caller's language (Accept-Language): what records created now remember for their e-mails. */
  language: Language;
  event: APIGatewayProxyEventV2;
}
type Parsed<D extends RouteDefinition, K extends 'params' | 'query' | 'body'> = D extends { [P in K]: infer S extends z.ZodMiniType } ? z.output<S> : undefined;

/** For answers that are not plain JSON of the route's response (redirects, no content). */
export class HttpReply {
  constructor(readonly statusCode: number, readonly headers: Record<string, string> = {}, readonly body = '') {}
}

/** What a route's handler plugs in: the second-factor check on a route that moves money (its entry's `secondFactor`). */
type RouteOptions<D extends RouteDefinition> = D['secondFactor'] extends true ? { secondFactors: () => SecondFactors } : Record<string, never>;

type RouteImpl<D extends RouteDefinition> = (request: RouteRequest<D>) => Promise<z.output<D['response']> | HttpReply>;

const json = (statusCode: number, payload: unknown): APIGatewayProxyResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(payload),
});

function parseWith<S extends z.ZodMiniType>(schema: S | undefined, value: unknown, where: 'path' | 'query' | 'request', language: Language): z.output<S> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const summaryIn = (lang: Language) => Object.entries(fieldMessages(result.error.issues, lang)).map(([field, message]) => (field === '_' ? message : `${field}: ${message}`)).join('; ');
  // Both languages: the message is read in the request's, the logs read the English.
  throw invalid(texts.invalidPart(where, { en: summaryIn('en'), id: summaryIn('id') }), fieldMessages(result.error.issues, language));
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(texts.invalidJson);
  }
}

/** The route's auth level: a signed-in caller in none of the route's roles (Cognito groups) gets 403. */
function authorize(route: RouteDefinition, identity: Identity | null) {
  if (route.auth === 'public') return;
  if (!identity) throw unauthorized();
  if (route.auth === 'user' || route.auth.some((role) => identity.groups.includes(role))) return;
  throw forbidden(route.auth.includes('admin') ? texts.adminRequired : texts.onlyForRole(route.auth.join(' or ')));
}

/**
 * A route that moves money (`secondFactor` in its table entry) refuses, with 403, a caller without TOTP enabled: their
 * sign-in answered no code (docs/architecture.md, "Roles").
 */
async function requireSecondFactor(identity: Identity, factors: SecondFactors) {
  if (!(await factors.hasTotp(identity.username))) throw forbidden(texts.secondFactorRequired);
}

/** Failures that mean a dependency is down or refusing for a while, not that the request was wrong (fetch puts the socket's code in `cause`). */
const isUnavailable = (error: unknown) =>
  error instanceof DependencyUnavailable ||
  (error instanceof Error &&
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|TimeoutError|socket hang up|EPIPE/i.test(`${error.name} ${error.message} ${(error as { code?: string }).code ?? ''} ${(error.cause as { code?: string } | undefined)?.code ?? ''}`));

/** The request's Accept-Language, whatever the case of the header's name. */
const languageOfEvent = (event: APIGatewayProxyEventV2 | undefined): Language =>
  languageOf(Object.entries(event?.headers ?? {}).find(([name]) => name.toLowerCase() === 'accept-language')?.[1]);

/**
 * Maps every failure to the JSON error shape `{ message, fields? }`; never a 500 for a client's mistake. The message
 * and the field messages are in the request's language where the error has one (docs/design.md, "Error texts").
 */
const errorResponses = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> => ({
  onError: async (request) => {
    const error = request.error;
    const language = languageOfEvent(request.event);
    if (error instanceof DomainError) {
      const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, fieldMessageIn(message, language)]));
      request.response = json(error.status, { message: error.messageIn(language), ...(fields ? { fields } : {}) });
      countMetric(error.status >= 500 ? 'http.unavailable' : 'http.rejected');
    } else if (error instanceof $ZodError) {
      request.response = json(400, { message: texts.invalidRequest[language], fields: fieldMessages(error.issues, language) });
      countMetric('http.rejected');
    } else if (isUnavailable(error)) {
      logger.error('dependency unavailable', error as Error);
      request.response = json(503, { message: texts.serviceUnavailable[language] });
      countMetric('http.unavailable');
    } else {
      logger.error('unhandled error', error as Error);
      request.response = json(500, { message: texts.internalError[language] });
      countMetric('http.failed');
    }
  },
});

/**
 * The driving adapter every HTTP route uses: parse and validate with the route's schemas,
 * authorize by the route's auth level, call the domain, map the result. It takes the route's own definition, not
 * the table, so a function's bundle holds its own route's schemas only (docs/scale.md, "Functions").
 */
export function routeHandler<D extends RouteDefinition>(route: D, impl: RouteImpl<D>, options: RouteOptions<D> = {} as RouteOptions<D>) {
  const secondFactors = (options as { secondFactors?: () => SecondFactors }).secondFactors;
  if (route.secondFactor && !secondFactors) throw new Error(`${route.method} ${route.path} needs a second factor: pass { secondFactors } to routeHandler`);
  const validateResponses = localOnlySetting('VALIDATE_RESPONSES') === '1';
  const cameThroughCloudFront = originCheck();
  return middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context>()
    .use(observability())
    .use(errorResponses())
    .handler(async (event) => {
      if (!cameThroughCloudFront(event.headers)) throw forbidden('Forbidden');
      const identity = identityFrom(event);
      authorize(route, identity);
      if (route.secondFactor) await requireSecondFactor(identity!, secondFactors!());
      const language = languageOfEvent(event);
      const request = {
        params: parseWith(route.params, event.pathParameters ?? {}, 'path', language),
        query: parseWith(route.query, event.queryStringParameters ?? {}, 'query', language),
        body: route.body ? parseWith(route.body, readJsonBody(event), 'request', language) : undefined,
        identity,
        headers: Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
        language,
        event,
      } as RouteRequest<D>;
      const result = await impl(request);
      if (result instanceof HttpReply) return { statusCode: result.statusCode, headers: result.headers, body: result.body };
      if (validateResponses) route.response.parse(result);
      if (route.status === 204) return { statusCode: 204, body: '' };
      return json(route.status ?? 200, result);
    });
}
