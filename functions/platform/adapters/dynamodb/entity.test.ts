import { describe, expect, it } from 'vitest';
import { buildCondition, buildQuery, buildUpdate, definedFields, entity } from './entity';

interface Counter { count: number; ttl: number; label?: string; note?: string; lock?: { at: string; by: string }; log: string[]; tags?: Set<string>; progress?: number | null }
const counter = entity<Counter>()((id: string) => ({ PK: `COUNTER#${id}`, SK: 'COUNTER' }), { GSI1: (label: string) => ({ GSI1PK: `LABEL#${label}`, GSI1SK: label }) });

describe('the entity builder', () => {
  it('writes SET, REMOVE and ADD clauses with one placeholder per name and per value', () => {
    expect(counter.update(['a'], { set: { ttl: 9, label: 'x' }, remove: ['note'], add: { count: 1 } })).toEqual({
      Key: { PK: 'COUNTER#a', SK: 'COUNTER' },
      UpdateExpression: 'SET #n0 = :v0, #n1 = :v1 REMOVE #n2 ADD #n3 :v2',
      ExpressionAttributeNames: { '#n0': 'ttl', '#n1': 'label', '#n2': 'note', '#n3': 'count' },
      ExpressionAttributeValues: { ':v0': 9, ':v1': 'x', ':v2': 1 },
    });
  });

  it('removes a field set to undefined and leaves the values out when there are none', () => {
    expect(buildUpdate<Counter>({ PK: 'P', SK: 'S' }, { set: { label: undefined } })).toEqual({
      Key: { PK: 'P', SK: 'S' },
      UpdateExpression: 'REMOVE #n0',
      ExpressionAttributeNames: { '#n0': 'label' },
    });
  });

  it('names an attribute once when the update and its condition both use it', () => {
    const built = counter.update(['a'], { add: { count: 1 }, condition: (c) => c.or(c.notExists('count'), c.lt('count', 5)) });
    expect(built.UpdateExpression).toBe('ADD #n0 :v0');
    expect(built.ConditionExpression).toBe('(attribute_not_exists(#n0) OR #n0 < :v1)');
    expect(built.ExpressionAttributeNames).toEqual({ '#n0': 'count' });
    expect(built.ExpressionAttributeValues).toEqual({ ':v0': 1, ':v1': 5 });
  });

  it('keeps an OR inside an AND grouped', () => {
    const built = buildCondition<Counter>((c) => c.and(c.exists('count'), c.or(c.eq('label', 'a'), c.ne('label', 'b')), c.not(c.ge('ttl', 3))));
    expect(built).toEqual({
      ConditionExpression: '(attribute_exists(#n0) AND (#n1 = :v0 OR #n1 <> :v1) AND (NOT #n2 >= :v2))',
      ExpressionAttributeNames: { '#n0': 'count', '#n1': 'label', '#n2': 'ttl' },
      ExpressionAttributeValues: { ':v0': 'a', ':v1': 'b', ':v2': 3 },
    });
  });

  it('sets only the fields of a patch that hold a value, removing none', () => {
    expect(counter.update(['a'], { set: definedFields<Partial<Counter>>({ label: 'x', note: undefined, progress: null }) })).toMatchObject({
      UpdateExpression: 'SET #n0 = :v0, #n1 = :v1',
      ExpressionAttributeNames: { '#n0': 'label', '#n1': 'progress' },
    });
  });

  it('refuses an update that changes nothing', () => {
    expect(() => counter.update(['a'], {})).toThrow(/at least one attribute/);
  });

  it('names each step of a nested path, a name shared with a top-level attribute once', () => {
    expect(buildCondition<Counter>((c) => c.and(c.exists('lock'), c.eq('lock.at', 't'), c.notExists('lock.by')))).toEqual({
      ConditionExpression: '(attribute_exists(#n0) AND #n0.#n1 = :v0 AND attribute_not_exists(#n0.#n2))',
      ExpressionAttributeNames: { '#n0': 'lock', '#n1': 'at', '#n2': 'by' },
      ExpressionAttributeValues: { ':v0': 't' },
    });
  });

  it('queries a declared index on its partition, with the sort key bounded as asked', () => {
    expect(counter.query('GSI1', 'LABEL#a')).toEqual({
      IndexName: 'GSI1',
      KeyConditionExpression: '#n0 = :v0',
      ExpressionAttributeNames: { '#n0': 'GSI1PK' },
      ExpressionAttributeValues: { ':v0': 'LABEL#a' },
    });
    expect(counter.indexes.GSI1('a')).toEqual({ GSI1PK: 'LABEL#a', GSI1SK: 'a' });
    expect(buildQuery('GSI2', 'P', { sort: { beginsWith: '2026-' } }).KeyConditionExpression).toBe('#n0 = :v0 AND begins_with(#n1, :v1)');
    expect(buildQuery('GSI2', 'P', { sort: { between: ['a', 'b'] } })).toMatchObject({
      KeyConditionExpression: '#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2',
      ExpressionAttributeNames: { '#n0': 'GSI2PK', '#n1': 'GSI2SK' },
      ExpressionAttributeValues: { ':v0': 'P', ':v1': 'a', ':v2': 'b' },
    });
    expect(buildQuery('GSI2', 'P', { sort: { le: 'z' } }).KeyConditionExpression).toBe('#n0 = :v0 AND #n1 <= :v1');
  });

  it("queries the table's own key, with a filter and a projection sharing the key's placeholders", () => {
    expect(counter.query('table', 'COUNTER#a', { sort: { beginsWith: 'LOG#' }, filter: (c) => c.and(c.eq('label', 'x'), c.gt('count', 1)), project: ['label', 'lock.at'] })).toEqual({
      KeyConditionExpression: '#n0 = :v0 AND begins_with(#n1, :v1)',
      FilterExpression: '(#n2 = :v2 AND #n3 > :v3)',
      ProjectionExpression: '#n2, #n4.#n5',
      ExpressionAttributeNames: { '#n0': 'PK', '#n1': 'SK', '#n2': 'label', '#n3': 'count', '#n4': 'lock', '#n5': 'at' },
      ExpressionAttributeValues: { ':v0': 'COUNTER#a', ':v1': 'LOG#', ':v2': 'x', ':v3': 1 },
    });
  });

  it("reads only the named attributes of a Get or a BatchGet, each step of a nested path named, a reserved word's too", () => {
    expect(counter.project(['count', 'lock.at', 'label'])).toEqual({
      ProjectionExpression: '#n0, #n1.#n2, #n3',
      ExpressionAttributeNames: { '#n0': 'count', '#n1': 'lock', '#n2': 'at', '#n3': 'label' },
    });
  });

  it('leaves out a filter whose optional parts are all absent, and refuses such a condition alone', () => {
    const none: string[] = [];
    expect(counter.query('GSI1', 'LABEL#a', { filter: (c) => c.and(...none) })).not.toHaveProperty('FilterExpression');
    expect(counter.query('GSI1', 'LABEL#a', { filter: (c) => c.and(...none, c.eq('label', 'x')) }).FilterExpression).toBe('(#n1 = :v1)');
    expect(counter.update(['a'], { set: { label: 'x' }, condition: (c) => c.and() })).not.toHaveProperty('ConditionExpression');
    expect(() => counter.condition((c) => c.and())).toThrow(/must test something/);
  });

  it('gives a condition that names no attribute no empty map of names (DynamoDB refuses one)', () => {
    expect(counter.condition((c) => c.itemNotExists())).toEqual({ ConditionExpression: 'attribute_not_exists(PK)' });
  });

  it('appends to a list in the SET clause', () => {
    expect(counter.update(['a'], { set: { label: 'x' }, append: { log: ['one'] } })).toMatchObject({
      UpdateExpression: 'SET #n0 = :v0, #n1 = list_append(#n1, :v1)',
      ExpressionAttributeNames: { '#n0': 'label', '#n1': 'log' },
      ExpressionAttributeValues: { ':v0': 'x', ':v1': ['one'] },
    });
  });

  it('appends to a list that may be absent, starting it empty', () => {
    expect(counter.update(['a'], { appendOrStart: { log: ['one'] } })).toMatchObject({
      UpdateExpression: 'SET #n0 = list_append(if_not_exists(#n0, :v0), :v1)',
      ExpressionAttributeNames: { '#n0': 'log' },
      ExpressionAttributeValues: { ':v0': [], ':v1': ['one'] },
    });
  });

  it('sets an attribute to what another holds, and creates an item only while it is not there', () => {
    expect(counter.update(['a'], { set: { label: 'new' }, setFrom: { note: 'label' }, condition: (c) => c.itemNotExists() })).toEqual({
      Key: { PK: 'COUNTER#a', SK: 'COUNTER' },
      UpdateExpression: 'SET #n0 = :v0, #n1 = #n0',
      ConditionExpression: 'attribute_not_exists(PK)',
      ExpressionAttributeNames: { '#n0': 'label', '#n1': 'note' },
      ExpressionAttributeValues: { ':v0': 'new' },
    });
  });

  it('sets only when absent, increments with SET, and adds and deletes set elements', () => {
    expect(counter.update(['a'], { setIfAbsent: { label: 'first' }, increment: { count: 1 }, add: { tags: new Set(['x']) }, delete: { tags: new Set(['y']) } })).toMatchObject({
      UpdateExpression: 'SET #n0 = if_not_exists(#n0, :v0), #n1 = #n1 + :v1 ADD #n2 :v2 DELETE #n2 :v3',
      ExpressionAttributeNames: { '#n0': 'label', '#n1': 'count', '#n2': 'tags' },
      ExpressionAttributeValues: { ':v0': 'first', ':v1': 1, ':v2': new Set(['x']), ':v3': new Set(['y']) },
    });
  });

  it('tests membership, a set element and a stored null', () => {
    expect(buildCondition<Counter>((c) => c.and(c.in('label', ['a', 'b']), c.not(c.contains('tags', 'x')), c.or(c.isNull('progress'), c.le('progress', 5))))).toEqual({
      ConditionExpression: '(#n0 IN (:v0, :v1) AND (NOT contains(#n1, :v2)) AND (attribute_type(#n2, :v3) OR #n2 <= :v4))',
      ExpressionAttributeNames: { '#n0': 'label', '#n1': 'tags', '#n2': 'progress' },
      ExpressionAttributeValues: { ':v0': 'a', ':v1': 'b', ':v2': 'x', ':v3': 'NULL', ':v4': 5 },
    });
  });
});
