import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { DynamoVendSessions } from '@functions/vending/adapters/dynamodb/vend-sessions';
import { DynamoMachines } from '@functions/stations/adapters/dynamodb/machines';
import { DynamoUsers } from '@functions/accounts/adapters/dynamodb/users';
import { randomIds, systemClock } from '@functions/platform/ports/clock';
import type { LedgerEntry } from '@functions/wallet/ports/ledger';
import { bearer, signInAs } from './auth';
import { apiFetch, testDb } from './local';

/** Repositories on the test database, for arranging data the admin console then reads. */
export function repositories() {
  const { db, tableName } = testDb();
  return {
    users: new DynamoUsers(db, tableName),
    ledger: new DynamoLedger(db, tableName, systemClock, randomIds),
    machines: new DynamoMachines(db, tableName),
    vendSessions: new DynamoVendSessions(db, tableName),
  };
}

let adminToken: { token: string; at: number } | undefined;
/** A bearer header of the seeded admin (one sign-in per test file, refreshed after 30 minutes). */
export async function adminHeaders() {
  if (!adminToken || Date.now() - adminToken.at > 30 * 60_000) adminToken = { token: (await signInAs('admin')).token, at: Date.now() };
  return bearer(adminToken.token);
}

/** Calls the API as the seeded admin. */
export async function asAdmin(path: string, init: RequestInit & { json?: unknown } = {}) {
  return apiFetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...(await adminHeaders()) } });
}

/** A user created directly in the table (as the first sign-in does), with a unique id and name. */
export async function createUser(label: string, opts: { topup?: number; firstName?: string } = {}) {
  const { users, ledger } = repositories();
  const id = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  await users.ensure({ id, username: id, firstName: opts.firstName ?? null, lastName: null, email: `${id}@example.com` }, new Date().toISOString());
  if (opts.topup) await ledger.post(id, 'topup', opts.topup, `test-topup:${id}`, { reference: `order-${id}`, actor: 'gateway', paymentMethod: 'gopay' });
  return id;
}

/** A settled refill of `ml` millilitres at a station, as the vend settlement writes it. */
export async function settlePurchase(userId: string, machine: { id: string; name: string }, ml: number) {
  const { ledger } = repositories();
  const holdId = `test-vend-${crypto.randomUUID()}`;
  await ledger.hold(userId, holdId, ml, { reference: holdId, actor: `station:${machine.id}` });
  await ledger.settle(holdId, ml, { reference: holdId, actor: `station:${machine.id}`, machineId: machine.id, machineName: machine.name, volumeMl: ml });
}

/** Every ledger entry of a user, read from the table (holds and releases included). */
export async function ledgerEntries(userId: string): Promise<LedgerEntry[]> {
  const { db, tableName } = testDb();
  const out: LedgerEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({
      TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':p': keys.ledgerPrefix }, ExclusiveStartKey: start, ConsistentRead: true,
    }));
    out.push(...((page.Items ?? []) as LedgerEntry[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Reads every page of a paginated admin list. */
export async function allPages<T>(path: string, pageSize = 100): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = `${path}${sep}limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { status, body } = await asAdmin(url);
    if (status !== 200) throw new Error(`${url}: ${status} ${JSON.stringify(body)}`);
    items.push(...(body.items as T[]));
    cursor = body.nextCursor;
  } while (cursor);
  return items;
}
