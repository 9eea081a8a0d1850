import type { OpenApiDocument } from '@shared/openapi';
import type { JsonSchema } from './json-schema';

/** One operation of the OpenAPI document, as the route table wrote it (shared/openapi.ts). */
export interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  /** 'public', 'user', or the console groups that may call it, comma-separated. */
  'x-auth': string;
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>;
}

/** Every operation of the document with its path and method, in the document's order. */
export function operationsOf(doc: OpenApiDocument): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as Operation })));
}
