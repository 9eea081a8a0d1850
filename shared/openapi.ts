import * as z from './zod';
import { ApiError } from './schemas/error';
import { EnvironmentalImpact, User } from './schemas/user';
import { HostRequest } from './schemas/host-request';
import { Machine } from './schemas/machine';
import { Settings } from './schemas/settings';
import { Transaction } from './schemas/transaction';
import { routeIds, routes } from './routes';
import { type RouteDefinition } from './routes/route';

const jsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;

/** The records the diagram page describes, as components of the document. */
const models = { Machine, User, Transaction, HostRequest, EnvironmentalImpact, Settings };

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** OpenAPI 3.1 document generated from the route table: the contract as /api-docs shows it. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const id of routeIds) {
    const route: RouteDefinition = routes[id];
    const parameters = [
      ...paramList(route.params, 'path'),
      ...paramList(route.query, 'query'),
    ];
    const success = String(route.status ?? 200);
    const operation: Record<string, unknown> = {
      operationId: id,
      summary: route.summary,
      tags: [route.tag],
      ...(route.auth === 'public' ? { security: [] } : { security: [{ cognito: route.auth === 'user' ? [] : [...route.auth] }] }),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } } : {}),
      responses: {
        [success]: success === '204' || success === '302'
          ? { description: success === '302' ? 'Redirect' : 'No content' }
          : { description: 'OK', content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } },
        default: { description: 'Error', content: { 'application/json': { schema: jsonSchema(ApiError, 'output') } } },
      },
      'x-auth': route.auth === 'public' || route.auth === 'user' ? route.auth : route.auth.join(', '),
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Bali Refill API', version: '1.0.0', description: 'Water refill stations on Bali: stations, wallet, partners and administration.' },
    servers: [{ url: '/' }],
    components: {
      schemas: Object.fromEntries(Object.entries(models).map(([name, schema]) => [name, jsonSchema(schema, 'output')])),
      securitySchemes: { cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Cognito ID token; console routes name the groups (admin, technician, host) that may call them' } },
    },
    paths,
  };
}

function paramList(schema: z.ZodMiniObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !(field as z.ZodMiniType).safeParse(undefined).success,
    schema: jsonSchema(field as z.ZodMiniType, 'input'),
  }));
}
