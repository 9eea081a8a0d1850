import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routeIds, routes, type RouteDefinition, type RouteId } from '@shared/routes';
import { bearer, signInAs } from '../support/auth';
import { apiFetch, testDb } from '../support/local';

/** Every route that takes a body, fuzzed as a caller allowed to use it. */
const writeRoutes = routeIds.filter((id) => ['POST', 'PUT', 'PATCH'].includes(routes[id].method));
const tokens: Partial<Record<'user' | 'admin', string>> = {};

beforeAll(async () => {
  tokens.user = (await signInAs('user')).token;
  tokens.admin = (await signInAs('admin')).token;
});

/** Partitions the local cloud writes on its own while a test runs (heartbeats, the alert sweep), never a request. */
const BACKGROUND = /^(MACHINE#|ALERT#|FLEET$)/;

/** A digest of the table but the background's partitions: any write a request makes, anywhere, changes it. */
async function tableDigest(): Promise<string> {
  const { db, tableName } = testDb();
  const hash = createHash('sha256');
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of page.Items ?? []) if (!BACKGROUND.test(String(item.PK))) items.push(JSON.stringify(item, Object.keys(item).sort()));
    start = page.LastEvaluatedKey;
  } while (start);
  for (const line of items.sort()) hash.update(line);
  return hash.digest('hex');
}

/** Bodies that look like the route's own (its field names with values of any type), and plain garbage. */
function bodies(route: RouteDefinition) {
  const schema = route.body ? (z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> }) : {};
  const fields = Object.keys(schema.properties ?? {});
  const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.string({ minLength: 3000, maxLength: 5000 }));
  return fc.oneof(
    fields.length ? fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length }) : fc.object(),
    fc.anything(),
    fc.string().map((s) => ({ raw: s })),
  );
}

const identityFor = (id: RouteId) => (routes[id].auth === 'admin' ? tokens.admin : routes[id].auth === 'user' ? tokens.user : undefined);

describe('fuzzed bodies on every write route', () => {
  for (const id of writeRoutes) {
    it(`${routes[id].method} ${routes[id].path}: no 5xx, clear rejections, no write on a rejected request`, async () => {
      const route: RouteDefinition = routes[id];
      const path = buildPath(route.path, { id: 'HRL-00001' });
      let rejected = 0;
      await fc.assert(
        fc.asyncProperty(bodies(route), async (body) => {
          const before = await tableDigest();
          const raw = (body as { raw?: string })?.raw;
          const token = identityFor(id);
          const { status, body: answer, text } = await apiFetch(path, {
            method: route.method,
            headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
            body: raw !== undefined ? raw : JSON.stringify(body),
          });
          expect(status, text).toBeLessThan(500);
          if (status >= 400) {
            rejected++;
            expect(typeof answer?.message, text).toBe('string');
            expect(answer.message.length).toBeGreaterThan(3);
            expect(await tableDigest(), `a rejected ${status} wrote to the table: ${text}`).toBe(before);
          }
        }),
        { numRuns: 25, seed: 42, endOnFailure: true },
      );
      // A route with a body schema must have refused some of the garbage; body-less routes ignore bodies.
      if (route.body) expect(rejected).toBeGreaterThan(0);
    }, 120_000);
  }
});
