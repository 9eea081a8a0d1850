import { describe, expect, it } from 'vitest';
import type { Machine } from '@shared/schemas/machine';
import { byDistance, directionsUrl, formatDistance } from './machines';

const machine = (id: string, latitude: string | null, longitude: string | null): Machine => ({
  id, name: id, location: 'Bali', latitude, longitude, status: 'online', waterLevel: null, lastRefill: null, features: [],
  lastHeartbeat: null, quality: null, filter: null, connection: null, waterCheck: { lastLabTestAt: null, lastLabTestResult: null, lastSanitationAt: null, lockedFor: null }, effectivePricePerLitre: 1000, createdAt: '', updatedAt: '',
});

describe('nearby machines', () => {
  const list = [machine('ubud', '-8.5069', '115.2625'), machine('nowhere', null, null), machine('kuta', '-8.7180', '115.1686'), machine('seminyak', '-8.6913', '115.1682')];

  it('keeps the listed order without a position', () => {
    expect(byDistance(list, null).map((p) => p.machine.id)).toEqual(['ubud', 'nowhere', 'kuta', 'seminyak']);
    expect(byDistance(list, null).every((p) => p.distanceKm === null)).toBe(true);
  });

  it('sorts by distance from the user, machines without coordinates last', () => {
    const sorted = byDistance(list, { latitude: -8.6905, longitude: 115.1729 });
    expect(sorted.map((p) => p.machine.id)).toEqual(['seminyak', 'kuta', 'ubud', 'nowhere']);
    expect(sorted[0]!.distanceKm).toBeLessThan(1);
  });

  it('puts offline, closed and empty machines after the open ones, each part nearest first', () => {
    const here = { latitude: -8.6905, longitude: 115.1729 };
    const open = (m: Machine, fields: Partial<Machine> = {}): Machine => ({ ...m, waterLevel: 60, ...fields });
    const fleet = [open(list[0]!), open(list[2]!, { status: 'offline' }), open(list[3]!, { waterLevel: 0 }), open(machine('legian', '-8.7065', '115.1737'))];
    expect(byDistance(fleet, here).map((p) => p.machine.id)).toEqual(['legian', 'ubud', 'seminyak', 'kuta']);
  });

  it('formats distance with one decimal and links directions', () => {
    expect(formatDistance(2.345)).toBe('2.3 km'); // the app's language: English here
    expect(directionsUrl(list[0]!, { latitude: -8.5, longitude: 115.26 })).toContain('destination=-8.5%2C115.26');
  });
});
