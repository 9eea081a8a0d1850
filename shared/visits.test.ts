import { describe, expect, it } from 'vitest';
import type { Machine } from './schemas/machine';
import { directionsThrough, directionsTo, routeOrder, stationsToVisit } from './visits';

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

describe("today's route in the order to drive it", () => {
  // Along one line of longitude: 0.01 degrees of latitude is about 1.11 km.
  const at = (id: string, latitude: number, overrides: Partial<Machine> = {}) => station(id, { latitude: String(latitude), longitude: '115.16', ...overrides });
  const ids = (order: ReturnType<typeof routeOrder>) => order.stops.map((s) => s.visit.station.id);

  it('goes to the stations that sell no water first (an empty tank among them), then the rest, each group nearest first from the technician', () => {
    const visits = stationsToVisit([
      at('LOW-NEAR', -8.61, { waterLevel: 10 }),
      at('EMPTY-FAR', -8.70, { waterLevel: 0 }),
      at('OFF-MID', -8.65, { status: 'offline' }),
      at('FILTER-FAR', -8.72, { filter: { litres: 9000, lifePercent: 2 } }),
      at('LOW-MID', -8.66, { waterLevel: 12 }),
    ], [{ stationId: 'LOW-NEAR' }, { stationId: 'LOW-NEAR' }, { stationId: 'LOW-NEAR' }, { stationId: 'LOW-NEAR' }], thresholds);
    // By score alone the low station with four alerts (94) comes before the empty one (55).
    expect(visits.map((v) => v.station.id).indexOf('LOW-NEAR')).toBeLessThan(visits.map((v) => v.station.id).indexOf('EMPTY-FAR'));
    const order = routeOrder(visits, { latitude: -8.60, longitude: 115.16 });
    // From the empty station the spent filter 2 km further south is nearer than the low stations back north.
    expect(ids(order)).toEqual(['OFF-MID', 'EMPTY-FAR', 'FILTER-FAR', 'LOW-MID', 'LOW-NEAR']);
    expect(order.stops[0]!.straightKm).toBeCloseTo(5.56, 1);
    expect(order.stops[1]!.straightKm).toBeCloseTo(5.56, 1);
    expect(order.straightKm).toBeCloseTo(5.56 + 5.56 + 2.22 + 6.67 + 5.56, 1);
    expect(order.estimatedKm).toBeCloseTo(order.straightKm * 1.4, 6);
  });

  it('starts from the most pressing station without a position, takes the more pressing of two as near, and ends a group with the stations without coordinates', () => {
    const visits = stationsToVisit([
      at('LOW-A', -8.65, { waterLevel: 5 }),
      at('LOW-B', -8.65, { waterLevel: 10 }),
      at('NOWHERE', -8.6, { waterLevel: 1, latitude: null }),
      at('LOW-C', -8.60, { waterLevel: 14 }),
    ], [], thresholds);
    const order = routeOrder(visits, null);
    expect(ids(order)).toEqual(['LOW-A', 'LOW-B', 'LOW-C', 'NOWHERE']);
    expect(order.stops.map((s) => s.straightKm === null)).toEqual([true, false, false, true]);
    expect(routeOrder([], null)).toEqual({ stops: [], straightKm: 0, estimatedKm: 0 });
  });
});
