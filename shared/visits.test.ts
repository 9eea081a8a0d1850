import { describe, expect, it } from 'vitest';
import type { Machine } from './schemas/machine';
import { directionsThrough, directionsTo, stationsToVisit } from './visits';

const station = (id: string, overrides: Partial<Machine> = {}): Machine => ({
  id, name: id, location: 'Bali', latitude: '-8.68', longitude: '115.16', status: 'online', waterLevel: 80, lastRefill: null, features: [],
  lastHeartbeat: null, quality: null, filter: { litres: 100, lifePercent: 90 }, connection: null,
  waterCheck: { lastLabTestAt: null, lastLabTestResult: null, lastSanitationAt: null, lockedFor: null }, effectivePricePerLitre: 1000,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...overrides,
});
const thresholds = { alertWaterLevelPercent: 15, alertFilterLifePercent: 10 };

describe("today's route", () => {
  it('lists only stations that need a visit, the most pressing first, with their reasons', () => {
    const visits = stationsToVisit([
      station('FINE'),
      station('LOW', { waterLevel: 12 }),
      station('EMPTY', { waterLevel: 2 }),
      station('FILTER', { filter: { litres: 9000, lifePercent: 4 } }),
      station('OFF', { status: 'offline' }),
      station('LOCK', { status: 'locked', waterCheck: { lastLabTestAt: null, lastLabTestResult: 'fail', lastSanitationAt: null, lockedFor: 'labTestFailed' } }),
      station('REPORTED', { problemReported: true }),
      station('ALERTED'),
      station('TICKETED'),
    ], [{ stationId: 'ALERTED' }, { stationId: 'ALERTED' }, { stationId: 'OFF' }], thresholds, [{ stationId: 'TICKETED' }, { stationId: 'TICKETED' }, { stationId: 'OFF' }]);
    expect(visits.map((v) => v.station.id)).toEqual(['LOCK', 'OFF', 'EMPTY', 'REPORTED', 'LOW', 'TICKETED', 'FILTER', 'ALERTED']);
    expect(visits.find((v) => v.station.id === 'TICKETED')).toMatchObject({ reasons: ['openTickets'], openTickets: 2 });
    expect(visits.find((v) => v.station.id === 'OFF')).toMatchObject({ reasons: ['offline', 'openTickets', 'openAlerts'], openAlerts: 1, openTickets: 1 });
    expect(visits.find((v) => v.station.id === 'ALERTED')).toMatchObject({ reasons: ['openAlerts'], openAlerts: 2 });
  });

  it('follows the alert thresholds it is given', () => {
    const at30 = station('AT30', { waterLevel: 30 });
    expect(stationsToVisit([at30], [], thresholds)).toEqual([]);
    expect(stationsToVisit([at30], [], { ...thresholds, alertWaterLevelPercent: 30 }).map((v) => v.reasons)).toEqual([['lowWater']]);
  });

  it('links each station to directions, and the first ten as one route, leaving out stations without coordinates', () => {
    expect(directionsTo(station('A'))).toBe('https://www.google.com/maps/dir/?api=1&destination=-8.68%2C115.16&travelmode=driving');
    expect(directionsTo(station('B', { latitude: null }))).toBeNull();
    const many = Array.from({ length: 12 }, (_, i) => station(`S${i}`, { latitude: String(-8.6 - i / 100) }));
    const through = directionsThrough([station('X', { longitude: 'unknown' }), ...many])!;
    expect(through.stops).toBe(10);
    const route = new URL(through.url);
    expect(route.searchParams.get('waypoints')!.split('|')).toHaveLength(9);
    expect(route.searchParams.get('destination')).toBe('-8.69,115.16');
    expect(directionsThrough([station('X', { latitude: null })])).toBeNull();
  });
});
