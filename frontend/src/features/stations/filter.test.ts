import { describe, expect, it } from 'vitest';
import type { Machine } from '@shared/schemas/machine';
import { filterStations, nearestOpenStation } from './filter';

const ubud = { latitude: -8.5069, longitude: 115.2625 };

function station(id: string, fields: Partial<Machine>): Machine {
  return {
    id, name: id, location: 'Bali', latitude: '-8.5', longitude: '115.26', status: 'online', waterLevel: 80, lastRefill: null,
    features: [], lastHeartbeat: null, quality: null, filter: null, connection: null, waterCheck: { lastLabTestAt: null, lastLabTestResult: null, lastSanitationAt: null, lockedFor: null }, effectivePricePerLitre: 1000, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

describe('nearest open station with water', () => {
  it('skips nearer stations that are offline, in maintenance, locked, empty, of unknown level or without coordinates', () => {
    const machines = [
      station('FAR-001', { latitude: '-8.65', longitude: '115.13' }), // Canggu, about 22 km
      station('NEAR-001', { latitude: '-8.52', longitude: '115.27' }), // about 1.7 km, open
      station('OFF-001', { latitude: '-8.507', longitude: '115.2626', status: 'offline' }),
      station('MNT-001', { latitude: '-8.507', longitude: '115.2626', status: 'maintenance' }),
      station('LCK-001', { latitude: '-8.507', longitude: '115.2626', status: 'locked' }),
      station('DRY-001', { latitude: '-8.507', longitude: '115.2626', waterLevel: 0 }),
      station('UNK-001', { latitude: '-8.507', longitude: '115.2626', waterLevel: null }),
      station('NOPOS-001', { latitude: null, longitude: null }),
    ];
    const nearest = nearestOpenStation(machines, ubud);
    expect(nearest?.machine.id).toBe('NEAR-001');
    expect(nearest?.distance).toBeGreaterThan(1.4);
    expect(nearest?.distance).toBeLessThan(2);
    expect(nearest?.coordinates).toEqual({ latitude: -8.52, longitude: 115.27 });
  });

  it('answers null when no station is open with water', () => {
    expect(nearestOpenStation([station('OFF-001', { status: 'offline' }), station('DRY-001', { waterLevel: 0 })], ubud)).toBeNull();
  });
});

describe('the finder list', () => {
  it('finds a station by the code on its sticker, in any case', () => {
    const machines = [station('HRL-00001', { name: 'Seminyak Square' }), station('HRL-00002', { name: 'Petitenget Beach' })];
    expect(filterStations(machines, { search: 'HRL-00001', area: '', origin: null }).map((v) => v.machine.id)).toEqual(['HRL-00001']);
    expect(filterStations(machines, { search: ' hrl-00002 ', area: '', origin: null }).map((v) => v.machine.id)).toEqual(['HRL-00002']);
  });

  it('keeps the stations of one kind of place', () => {
    const machines = [station('HRL-00001', { type: 'mall' }), station('HRL-00002', { type: 'beach' }), station('HRL-00003', { type: null })];
    expect(filterStations(machines, { search: '', area: '', origin: null, type: 'beach' }).map((v) => v.machine.id)).toEqual(['HRL-00002']);
  });

  it('lists open stations first, nearest first, then the offline and empty ones', () => {
    const machines = [
      station('OFF-001', { latitude: '-8.507', longitude: '115.2626', status: 'offline' }),
      station('FAR-001', { latitude: '-8.65', longitude: '115.13' }),
      station('DRY-001', { latitude: '-8.507', longitude: '115.2626', waterLevel: 0 }),
      station('NEAR-001', { latitude: '-8.52', longitude: '115.27' }),
    ];
    expect(filterStations(machines, { search: '', area: '', origin: ubud }).map((v) => v.machine.id)).toEqual(['NEAR-001', 'FAR-001', 'OFF-001', 'DRY-001']);
    expect(filterStations(machines, { search: '', area: '', origin: null }).map((v) => v.machine.id)).toEqual(['FAR-001', 'NEAR-001', 'OFF-001', 'DRY-001']);
  });
});
