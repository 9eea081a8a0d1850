import { describe, expect, it } from 'vitest';
import type { MachineRecord } from '../ports/machines';
import { effectiveStatus, toMachine } from './machines';

const base: MachineRecord = { id: 'HRL-00099', status: 'online', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const now = new Date('2026-01-01T01:00:00Z');
const view = { heartbeatIntervalSeconds: 60, pricePerLitre: 1200 };

describe('machine read model', () => {
  it('applies the fallbacks of docs/design.md, "Entities" and invents nothing', () => {
    const m = toMachine(base, now, view);
    expect(m.name).toBe('Station HRL-0009');
    expect(m.location).toBe('Bali, Indonesia');
    expect(m.features).toEqual(['NFC Payment', 'Mobile App', 'Water Quality Monitor']);
    expect(m.latitude).toBeNull();
    expect(m.longitude).toBeNull();
    expect(m.waterLevel).toBeNull();
  });
  it('shows the price a vend is charged: the station\'s own, else the global setting', () => {
    expect(toMachine(base, now, view)).toMatchObject({ pricePerLitre: null, effectivePricePerLitre: 1200 });
    expect(toMachine({ ...base, pricePerLitre: 1500 }, now, view)).toMatchObject({ pricePerLitre: 1500, effectivePricePerLitre: 1500 });
  });
  it('keeps real values', () => {
    const m = toMachine({ ...base, name: 'Kuta Beach', location: 'Jl. Pantai Kuta', latitude: '-8.7', longitude: '115.1', waterLevel: 0, features: ['QRIS'] }, now, view);
    expect(m).toMatchObject({ name: 'Kuta Beach', location: 'Jl. Pantai Kuta', latitude: '-8.7', waterLevel: 0, features: ['QRIS'] });
  });
  it('is online only while the last heartbeat is younger than three intervals', () => {
    const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000).toISOString();
    expect(effectiveStatus({ ...base, lastHeartbeat: at(179) }, now, 60)).toBe('online');
    expect(effectiveStatus({ ...base, lastHeartbeat: at(181) }, now, 60)).toBe('offline');
    expect(effectiveStatus({ ...base, lastHeartbeat: at(181) }, now, 120)).toBe('online');
  });
  it("lets an admin's maintenance or locked status win", () => {
    expect(effectiveStatus({ ...base, status: 'maintenance', lastHeartbeat: now.toISOString() }, now, 60)).toBe('maintenance');
    expect(effectiveStatus({ ...base, status: 'locked' }, now, 60)).toBe('locked');
  });
});
