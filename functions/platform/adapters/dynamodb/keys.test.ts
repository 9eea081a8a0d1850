import { describe, expect, it } from 'vitest';
import { keys, LEDGER_SHARDS, MACHINE_SHARDS, machineShard } from './keys';

describe('station shards', () => {
  it('files a station under the same shard every time, whenever it was heard', () => {
    expect(machineShard('HRL-00001')).toBe(machineShard('HRL-00001'));
    expect(keys.heardStation('HRL-00001', '2026-01-01T00:00:00.000Z').GSI2PK).toBe(`STATIONS#HEARD#${machineShard('HRL-00001')}`);
    expect(keys.heardStation('HRL-00001', '2026-06-01T00:00:00.000Z').GSI2PK).toBe(keys.heardStation('HRL-00001', '2026-01-01T00:00:00.000Z').GSI2PK);
    expect(keys.heardStationsPartitions).toHaveLength(MACHINE_SHARDS);
  });

  it('spreads sequential station ids evenly (no shard more than 1.5x its share of 10,000)', () => {
    const counts = new Array<number>(MACHINE_SHARDS).fill(0);
    for (let i = 1; i <= 10_000; i++) counts[machineShard(`HRL-${String(i).padStart(5, '0')}`)]! += 1;
    const share = 10_000 / MACHINE_SHARDS;
    expect(Math.max(...counts)).toBeLessThan(share * 1.5);
    expect(Math.min(...counts)).toBeGreaterThan(share * 0.5);
  });
});

describe('ledger shards', () => {
  it('files an entry under a shard chosen by its id, and lists the old partition with the shards', () => {
    const shard = keys.ledgerCollection('2026-01-01T00:00:00.000Z', 'entry-1').GSI1PK;
    expect(shard).toMatch(new RegExp(`^LEDGER#[0-${LEDGER_SHARDS - 1}]$`));
    expect(keys.ledgerCollection('2026-02-02T00:00:00.000Z', 'entry-1').GSI1PK).toBe(shard);
    expect(keys.ledgerPartitions).toEqual(['LEDGER', ...Array.from({ length: LEDGER_SHARDS }, (_, n) => `LEDGER#${n}`)]);
  });
});
