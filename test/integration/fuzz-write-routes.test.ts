import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import * as z from '@shared/zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routeIds, routes, type RouteId } from '@shared/routes';
import { type RouteDefinition } from '@shared/routes/route';
import { bearer, signInAs } from '../support/auth';
import { apiFetch, testDb } from '../support/local';

/** Every route that takes a body, fuzzed as a caller allowed to use it. */
const writeRoutes = routeIds.filter((id) => ['POST', 'PUT', 'PATCH'].includes(routes[id].method));
const tokens: Partial<Record<'user' | 'admin', string>> = {};

beforeAll(async () => {
  tokens.user = (await signInAs('user')).token;
  tokens.admin = (await signInAs('admin')).token;
  await afterPendingExpiries();
}, 120_000);

/**
 * Partitions the local cloud writes on its own while a test runs (heartbeats, the alert sweep), never a request,
 * left out on the server's side so a read of the table stays quick however much earlier files wrote.
 */
const BACKGROUND_FILTER = {
  FilterExpression: 'NOT begins_with(PK, :machine) AND NOT begins_with(PK, :alert) AND PK <> :fleet',
  ExpressionAttributeValues: { ':machine': 'MACHINE#', ':alert': 'ALERT#', ':fleet': 'FLEET' },
};

/** The table but the background's partitions, item by item: any write a request makes, anywhere, shows in it. */
async function tableItems(): Promise<Map<string, string>> {
  const { db, tableName } = testDb();
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true, ...BACKGROUND_FILTER }));
    for (const item of page.Items ?? []) items.set(`${String(item.PK)} ${String(item.SK)}`, JSON.stringify(item, Object.keys(item).sort()));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Earlier files may leave vend sessions open; the local sweep expires them (writing holds and ledger entries) up to
 * a sweep interval after their expiry. Wait for the last of them first, so every write seen below is a request's.
 */
async function afterPendingExpiries(sweepIntervalMs = 15_000) {
  const { db, tableName } = testDb();
  const open = await db.send(
    new QueryCommand({ TableName: tableName, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :open', ExpressionAttributeValues: { ':open': 'VENDS#OPEN' }, ScanIndexForward: false, Limit: 1 }),
  );
  const lastExpiry = Date.parse(String(open.Items?.[0]?.GSI2SK ?? ''));
  // A session lasts a minute (settings); the cap keeps a stray far-off expiry from stalling the file.
  const wait = Math.min(90_000, lastExpiry - Date.now() + sweepIntervalMs + 2_000);
  if (Number.isFinite(lastExpiry) && lastExpiry > Date.now()) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The items added, removed or changed between two reads of the table (their keys and new content). */
function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).map((key) => `${key}: ${after.get(key) ?? '(removed)'}`);
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

/** Console routes are fuzzed as the admin (every write route of the console lets the admin in). */
const identityFor = (id: RouteId) => {
  const auth = (routes[id] as RouteDefinition).auth;
  return auth === 'public' ? undefined : auth === 'user' ? tokens.user : tokens.admin;
};

/**
 * Routes whose accepted bodies would leave the seeded station unusable for the files after this one run against a
 * station that does not exist: a valid body gets 404 there (and must write nothing, like every refusal).
 */
const STATION_OF: Partial<Record<RouteId, string>> = { adminLockStation: 'FUZZ-000001' };

describe('fuzzed bodies on every write route', () => {
  for (const id of writeRoutes) {
    it(`${routes[id].method} ${routes[id].path}: no 5xx, clear rejections, no write on a rejected request`, async () => {
      const route: RouteDefinition = routes[id];
      const path = buildPath(route.path, { id: STATION_OF[id] ?? 'HRL-00001' });
      let rejected = 0;
      // A rejected request left the table as it was: its read after is the next request's read before.
      let unchanged: Map<string, string> | null = null;
      await fc.assert(
        fc.asyncProperty(bodies(route), async (body) => {
          const before = unchanged ?? (await tableItems());
          unchanged = null;
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
            const after = await tableItems();
            expect(changes(before, after), `a rejected ${status} wrote to the table: ${text}`).toEqual([]);
            unchanged = after;
          }
        }),
        { numRuns: 25, seed: 42, endOnFailure: true },
      );
      // A route with a body schema must have refused some of the garbage; body-less routes ignore bodies.
      if (route.body) expect(rejected).toBeGreaterThan(0);
    }, 120_000);
  }
});
