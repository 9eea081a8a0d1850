import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { entity } from '@functions/platform/adapters/dynamodb/entity';
import { DynamoLeases } from '@functions/platform/adapters/dynamodb/leases';
import { DynamoRequestQuota } from '@functions/platform/adapters/dynamodb/request-quota';
import { testDb } from '../support/local';

/** The builder's expressions as DynamoDB Local reads them (its unit test: functions/platform/adapters/dynamodb/entity.test.ts). */
interface Probe { count: number; label: string; note: string }
const probe = entity<Probe>()((id: string) => ({ PK: `PROBE#${id}`, SK: 'PROBE' }));

describe('entities on DynamoDB Local', () => {
  const { db, tableName } = testDb();
  const read = async (id: string) => (await db.send(new GetCommand({ TableName: tableName, Key: probe.key(id) }))).Item;
  const update = (id: string, spec: Parameters<typeof probe.update>[1]) => db.send(new UpdateCommand({ TableName: tableName, ...probe.update([id], spec) }));

  it('sets, adds and removes in one update, and refuses one whose condition fails', async () => {
    const id = crypto.randomUUID();
    await update(id, { set: { label: 'a', note: 'n' }, add: { count: 2 } });
    await update(id, { set: { label: 'b' }, remove: ['note'], add: { count: 3 }, condition: (c) => c.and(c.eq('label', 'a'), c.lt('count', 5)) });
    expect(await read(id)).toEqual({ ...probe.key(id), label: 'b', count: 5 });
    await expect(update(id, { add: { count: 1 }, condition: (c) => c.or(c.notExists('count'), c.lt('count', 5)) })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect((await read(id))?.count).toBe(5);
  });

  it('moves a lease forward only once it has passed', async () => {
    const leases = new DynamoLeases(db, tableName);
    const name = `entity-${crypto.randomUUID()}`;
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    expect(await leases.claim(name, at(0), at(10))).toBe(true);
    expect(await leases.claim(name, at(5), at(15))).toBe(false);
    expect(await leases.claim(name, at(10), at(20))).toBe(true);
  });

  it('counts a request quota up to its limit and gives one back', async () => {
    const quota = new DynamoRequestQuota(db, tableName);
    const key = `entity-${crypto.randomUUID()}`;
    const now = new Date();
    expect(await quota.take(key, 2, 60, now)).toBe(true);
    expect(await quota.take(key, 2, 60, now)).toBe(true);
    expect(await quota.take(key, 2, 60, now)).toBe(false);
    await quota.give(key, 60, now);
    expect(await quota.take(key, 2, 60, now)).toBe(true);
  });
});
