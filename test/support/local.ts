import { inject } from 'vitest';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';

/** Endpoints of the local cloud the global setup started. */
export const local = () => inject('local');

/** A document client on the test database, for asserting what was stored. */
export function testDb() {
  const { dynamodb } = local();
  return { db: createDocumentClient({ tableName: dynamodb.tableName, endpoint: dynamodb.endpoint }), tableName: dynamodb.tableName };
}

export async function apiFetch(path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const response = await fetch(local().api + path, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(rest.headers as Record<string, string>) },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body: body as any, text };
}
