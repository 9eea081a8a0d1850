import { describe, expect, it } from 'vitest';
import { buildCondition, buildUpdate, entity } from './entity';

interface Counter { count: number; ttl: number; label?: string; note?: string }
const counter = entity<Counter>()((id: string) => ({ PK: `COUNTER#${id}`, SK: 'COUNTER' }));

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

  it('refuses an update that changes nothing', () => {
    expect(() => counter.update(['a'], {})).toThrow(/at least one attribute/);
  });
});
