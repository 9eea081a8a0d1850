import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { entity, type SortCondition } from '@functions/platform/adapters/dynamodb/entity';
import { DynamoLeases } from '@functions/platform/adapters/dynamodb/leases';
import { DynamoRequestQuota } from '@functions/platform/adapters/dynamodb/request-quota';
import { testDb } from '../support/local';

/** The builder's expressions as DynamoDB Local reads them (its unit test: functions/platform/adapters/dynamodb/entity.test.ts). */
interface Probe { count: number; label: string; note: string; lock: { at: string; by: string }; log: string[]; tags: Set<string>; progress: number | null }
const probe = entity<Probe>()((id: string) => ({ PK: `PROBE#${id}`, SK: 'PROBE' }), { GSI1: (group: string, at: string) => ({ GSI1PK: `PROBES#${group}`, GSI1SK: at }) });

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

  it('reads only the projected attributes of a Get, a nested one and a reserved word (count) among them', async () => {
    const id = crypto.randomUUID();
    await update(id, { set: { label: 'a', note: 'n', lock: { at: '2026-01-01', by: 'x' } }, add: { count: 2 } });
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: probe.key(id), ...probe.project(['count', 'lock.at']) }));
    expect(Item).toEqual({ count: 2, lock: { at: '2026-01-01' } });
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

  it('tests a field inside a map attribute', async () => {
    const id = crypto.randomUUID();
    await update(id, { set: { lock: { at: 't1', by: 'a' } } });
    await expect(update(id, { set: { label: 'late' }, condition: (c) => c.eq('lock.at', 't0') })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await update(id, { set: { label: 'kept' }, condition: (c) => c.and(c.eq('lock.at', 't1'), c.exists('lock.by')) });
    expect((await read(id))?.label).toBe('kept');
  });

  it('adds and deletes set elements, sets only when absent, and reads a stored null', async () => {
    const id = crypto.randomUUID();
    await update(id, { set: { progress: null, count: 1 }, add: { tags: new Set(['a', 'b']) }, setIfAbsent: { label: 'first' } });
    await update(id, { delete: { tags: new Set(['a']) }, setIfAbsent: { label: 'second' }, increment: { count: 2 }, condition: (c) => c.and(c.isNull('progress'), c.contains('tags', 'b'), c.in('label', ['first', 'other'])) });
    await expect(update(id, { increment: { count: 1 }, condition: (c) => c.contains('tags', 'a') })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect(await read(id)).toEqual({ ...probe.key(id), progress: null, count: 3, tags: new Set(['b']), label: 'first' });
    await expect(update(crypto.randomUUID(), { increment: { count: 1 } })).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('appends to a list in order', async () => {
    const id = crypto.randomUUID();
    await update(id, { set: { log: ['a'] } });
    await update(id, { append: { log: ['b', 'c'] } });
    expect((await read(id))?.log).toEqual(['a', 'b', 'c']);
  });

  it('starts a missing list on the first append and extends it on the next', async () => {
    const id = crypto.randomUUID();
    await update(id, { appendOrStart: { log: ['a'] } });
    await update(id, { appendOrStart: { log: ['b'] } });
    expect((await read(id))?.log).toEqual(['a', 'b']);
  });

  it('copies an attribute as it was before the update, and creates an item only once', async () => {
    const id = crypto.randomUUID();
    await update(id, { set: { label: 'first' }, condition: (c) => c.itemNotExists() });
    await expect(update(id, { set: { label: 'again' }, condition: (c) => c.itemNotExists() })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await update(id, { set: { label: 'second' }, setFrom: { note: 'label' } });
    expect(await read(id)).toEqual({ ...probe.key(id), label: 'second', note: 'first' });
  });

  it('queries a declared index by partition and sort key', async () => {
    const group = crypto.randomUUID();
    for (const at of ['2026-01-01', '2026-02-01', '2026-03-01']) {
      await db.send(new PutCommand({ TableName: tableName, Item: { ...probe.key(`${group}-${at}`), ...probe.indexes.GSI1(group, at), label: at } }));
    }
    const labels = async (sort?: SortCondition) =>
      ((await db.send(new QueryCommand({ TableName: tableName, ...probe.query('GSI1', `PROBES#${group}`, { sort }) }))).Items ?? []).map((item) => item.label);
    expect(await labels()).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(await labels({ gt: '2026-01-01' })).toEqual(['2026-02-01', '2026-03-01']);
    expect(await labels({ between: ['2026-01-15', '2026-02-15'] })).toEqual(['2026-02-01']);
    expect(await labels({ beginsWith: '2026-03' })).toEqual(['2026-03-01']);
  });

  it("queries a partition of the table's own key with a filter and a projection", async () => {
    const id = crypto.randomUUID();
    const entry = entity<Probe>()((at: string) => ({ PK: `PROBES#${id}`, SK: `AT#${at}` }));
    for (const [at, count] of [['1', 1], ['2', 5], ['3', 7]] as const) {
      await db.send(new PutCommand({ TableName: tableName, Item: { ...entry.key(at), count, label: at, lock: { at, by: 'x' } } }));
    }
    await db.send(new PutCommand({ TableName: tableName, Item: { PK: `PROBES#${id}`, SK: 'OTHER', count: 9 } }));
    const { Items } = await db.send(new QueryCommand({
      TableName: tableName, ...entry.query('table', `PROBES#${id}`, { sort: { beginsWith: 'AT#' }, filter: (c) => c.gt('count', 2), project: ['label', 'lock.at'] }),
    }));
    expect(Items).toEqual([{ label: '2', lock: { at: '2' } }, { label: '3', lock: { at: '3' } }]);
  });

  it('puts and deletes an item on a condition that names no attribute, or one that does', async () => {
    const id = crypto.randomUUID();
    const put = (label: string) => db.send(new PutCommand({ TableName: tableName, Item: { ...probe.key(id), label }, ...probe.condition((c) => c.itemNotExists()) }));
    await put('first');
    await expect(put('second')).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    const remove = (label: string) => db.send(new DeleteCommand({ TableName: tableName, Key: probe.key(id), ...probe.condition((c) => c.eq('label', label)) }));
    await expect(remove('second')).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await remove('first');
    expect(await read(id)).toBeUndefined();
  });
});
