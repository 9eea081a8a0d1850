import { describe, expect, it } from 'vitest';
import { Heartbeat } from '../../domain/stations';
import { HEARTBEAT_INGEST_SQL, HEARTBEAT_STREAM_FILTER, heartbeatOf, ingestedItem, isIngestedReading } from './heartbeat-ingest';

const T = Date.parse('2026-03-01T08:00:00.123Z');
const payload = { waterLevel: 64, quality: { tdsPpm: 45, temperatureC: 27.4 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 1200, vends: 3, failures: 1, uptimeSeconds: 60 }, signalDbm: -71, filter: { litres: 10, lifePercent: 80 } };

/** The SELECT list's columns: commas at parenthesis depth 0 separate them. */
function columns(list: string): string[] {
  const out = [''];
  let depth = 0;
  for (const c of list) {
    if (c === ',' && depth === 0) out.push('');
    else out[out.length - 1] += c;
    if (c === '(') depth++;
    if (c === ')') depth--;
  }
  return out.map((c) => c.trim());
}

describe('the heartbeat rule and its local twin', () => {
  it('selects, in the SQL, exactly the attributes the local twin writes', () => {
    const selected = columns(/^SELECT (.+) FROM/.exec(HEARTBEAT_INGEST_SQL)![1]!).map((column) => column.split(' AS ').at(-1)!.replace(/^.*\./, ''));
    const item = ingestedItem({ ...payload, lastRefill: '2026-03-01T07:00:00.000Z' }, 'HRL-00001', T)!;
    expect(selected.sort()).toEqual(Object.keys(item).sort());
    // Everything the fold validates comes back out of the item.
    expect(Object.keys(heartbeatOf(item)).sort()).toEqual(Object.keys(Heartbeat.shape).sort());
  });

  it('keys a reading by the station of the topic and the receive time, never by what the payload says, with a 90-day TTL', () => {
    const item = ingestedItem({ ...payload, stationId: 'HRL-00002', receivedAt: 1 }, 'HRL-00001', T)!;
    expect(item).toMatchObject({
      PK: 'MACHINE#HRL-00001', SK: 'READING#2026-03-01T08:00:00.123Z', at: '2026-03-01T08:00:00.123Z', stationId: 'HRL-00001', receivedAt: T,
      ttl: Math.floor(T / 1000) + 90 * 86_400, waterLevel: 64, tdsPpm: 45, temperatureC: 27.4, dispensedMl: 1200, vends: 3, failures: 1, signalDbm: -71,
    });
    expect(Heartbeat.safeParse(heartbeatOf(item)).success).toBe(true);
    // Left out where the payload has none, as IoT SQL leaves out an undefined attribute.
    expect(ingestedItem({ ...payload, signalDbm: undefined }, 'HRL-00001', T)).not.toHaveProperty('signalDbm');
  });

  it('drops what is not shaped like a heartbeat before it costs a write (the WHERE)', () => {
    for (const bad of [{}, { ...payload, waterLevel: '64' }, { ...payload, quality: {} }, { ...payload, counters: { vends: 1 } }, { ...payload, firmwareVersion: 1 }]) {
      expect(ingestedItem(bad as Record<string, unknown>, 'HRL-00001', T), JSON.stringify(bad)).toBeNull();
    }
  });

  it('hands the function new readings only, in the filter Lambda is given and in the local poller', () => {
    const keys = { PK: { S: 'MACHINE#HRL-00001' }, SK: { S: 'READING#2026-03-01T08:00:00.123Z' } };
    const reading = { eventName: 'INSERT', dynamodb: { Keys: keys, NewImage: { ...keys, stationId: { S: 'HRL-00001' } } } };
    expect(isIngestedReading(reading)).toBe(true);
    expect(isIngestedReading({ ...reading, eventName: 'MODIFY' })).toBe(false);
    expect(isIngestedReading({ eventName: 'INSERT', dynamodb: { Keys: { ...keys, SK: { S: 'MACHINE' } }, NewImage: { stationId: { S: 'HRL-00001' } } } })).toBe(false);
    // A reading written otherwise (a seed, storeReading) is not the rule's: it has no station id attribute.
    expect(isIngestedReading({ eventName: 'INSERT', dynamodb: { Keys: keys, NewImage: keys } })).toBe(false);
    expect(HEARTBEAT_STREAM_FILTER).toEqual({ eventName: ['INSERT'], dynamodb: { Keys: { SK: { S: [{ prefix: 'READING#' }] } }, NewImage: { stationId: { S: [{ exists: true }] } } } });
  });
});
