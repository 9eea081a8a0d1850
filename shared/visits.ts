import { ROAD_DISTANCE_FACTOR } from './constants';
import { distanceKm, parseCoordinates, type LatLng } from './geo';
import type { Alert } from './schemas/alert';
import type { Machine } from './schemas/machine';
import type { Settings } from './schemas/settings';
import type { Ticket } from './schemas/ticket';

/** Why a station needs a technician today, most pressing first. */
type VisitReason = 'safetyLock' | 'offline' | 'problemReported' | 'lowWater' | 'filterDue' | 'openTickets' | 'openAlerts';

export interface StationVisit {
  station: Machine;
  reasons: VisitReason[];
  /** Open or acknowledged alerts of the station. */
  openAlerts: number;
  /** Open or assigned maintenance tickets of the station. */
  openTickets: number;
  /** Higher is more pressing; only the order matters. */
  score: number;
}

/**
 * What each reason weighs. A safety lock comes first (the station sells no water until a technician clears it), then a
 * station that is off the network, then what a person reported; an empty tank or a spent filter weigh more the
 * further they are below their alert threshold.
 */
const WEIGHT = { safetyLock: 100, offline: 60, problemReported: 50, lowWater: 40, filterDue: 30, openTicket: 20, openAlert: 10 } as const;

/**
 * "Today's route": the stations that need a visit, most pressing first (issue 16: lowest water, filter due, open
 * tickets), from the station list, the active alerts and the active tickets; thresholds are the alert rules' own.
 */
export function stationsToVisit(
  stations: Machine[],
  activeAlerts: Pick<Alert, 'stationId'>[],
  thresholds: Pick<Settings, 'alertWaterLevelPercent' | 'alertFilterLifePercent'>,
  activeTickets: Pick<Ticket, 'stationId'>[] = [],
): StationVisit[] {
  const countBy = (items: { stationId: string }[]) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(item.stationId, (counts.get(item.stationId) ?? 0) + 1);
    return counts;
  };
  const alertsOf = countBy(activeAlerts);
  const ticketsOf = countBy(activeTickets);
  const visits = stations.map((station): StationVisit => {
    const reasons: VisitReason[] = [];
    let score = 0;
    if (station.waterCheck.lockedFor) {
      reasons.push('safetyLock');
      score += WEIGHT.safetyLock;
    }
    if (station.status === 'offline') {
      reasons.push('offline');
      score += WEIGHT.offline;
    }
    if (station.problemReported) {
      reasons.push('problemReported');
      score += WEIGHT.problemReported;
    }
    if (station.waterLevel !== null && station.waterLevel <= thresholds.alertWaterLevelPercent) {
      reasons.push('lowWater');
      score += WEIGHT.lowWater + (thresholds.alertWaterLevelPercent - station.waterLevel);
    }
    if (station.filter && station.filter.lifePercent <= thresholds.alertFilterLifePercent) {
      reasons.push('filterDue');
      score += WEIGHT.filterDue + (thresholds.alertFilterLifePercent - station.filter.lifePercent);
    }
    const openTickets = ticketsOf.get(station.id) ?? 0;
    if (openTickets) {
      reasons.push('openTickets');
      score += WEIGHT.openTicket * openTickets;
    }
    const openAlerts = alertsOf.get(station.id) ?? 0;
    if (openAlerts) {
      reasons.push('openAlerts');
      score += WEIGHT.openAlert * openAlerts;
    }
    return { station, reasons, openAlerts, openTickets, score };
  });
  return visits
    .filter((visit) => visit.reasons.length > 0)
    .sort((a, b) => b.score - a.score || (a.station.waterLevel ?? 100) - (b.station.waterLevel ?? 100) || a.station.id.localeCompare(b.station.id));
}

/** A stop of today's route and how far it is from the one before (or from the technician), in a straight line. */
export interface RouteStop {
  visit: StationVisit;
  /** Great-circle km from the previous point; null for the first stop without a start, or a station without coordinates. */
  straightKm: number | null;
}

/** A station that sells no water: locked for safety, off the network, or with an empty tank (0 %). */
const sellsNoWater = (visit: StationVisit) => visit.reasons.includes('safetyLock') || visit.reasons.includes('offline') || visit.station.waterLevel === 0;

/**
 * Today's route in the order to drive it (docs/stations.md, "Today's route"): first the stations that sell no water
 * (an empty one among them, whatever its score), then the others; within each group a nearest-neighbour tour from
 * where the technician is (or, without a position, from the group's most pressing station), the more pressing first
 * between two as near. Distances are great-circle, not measured on roads: there is no road-routing service, so
 * `estimatedKm` is the straight lines times ROAD_DISTANCE_FACTOR, an estimate and no more. Stations without
 * coordinates close their group, most pressing first.
 */
export function routeOrder(visits: StationVisit[], start: LatLng | null): { stops: RouteStop[]; straightKm: number; estimatedKm: number } {
  const stops: RouteStop[] = [];
  let here = start;
  for (const group of [visits.filter(sellsNoWater), visits.filter((v) => !sellsNoWater(v))]) {
    const placed = group.map((visit) => ({ visit, at: parseCoordinates(visit.station.latitude, visit.station.longitude) }));
    const left = placed.filter((p): p is { visit: StationVisit; at: LatLng } => p.at !== null);
    while (left.length > 0) {
      const from = here;
      // The list is most pressing first: the first of equal distances wins.
      const index = from ? left.reduce((best, p, i) => (distanceKm(from, p.at) < distanceKm(from, left[best]!.at) ? i : best), 0) : 0;
      const [next] = left.splice(index, 1);
      stops.push({ visit: next!.visit, straightKm: from ? distanceKm(from, next!.at) : null });
      here = next!.at;
    }
    stops.push(...placed.filter((p) => p.at === null).map((p) => ({ visit: p.visit, straightKm: null })));
  }
  const straightKm = stops.reduce((sum, stop) => sum + (stop.straightKm ?? 0), 0);
  return { stops, straightKm, estimatedKm: straightKm * ROAD_DISTANCE_FACTOR };
}

const MAPS_DIRECTIONS = 'https://www.google.com/maps/dir/?api=1';
/** Google Maps takes at most this many stops between the start and the destination. */
const MAPS_WAYPOINTS_MAX = 9;

const coordinatesOf = (station: Pick<Machine, 'latitude' | 'longitude'>) => {
  const lat = Number.parseFloat(station.latitude ?? '');
  const lng = Number.parseFloat(station.longitude ?? '');
  return Number.isFinite(lat) && Number.isFinite(lng) ? `${lat},${lng}` : null;
};

/** Directions from where the phone is to one station; null when the station has no coordinates. */
export function directionsTo(station: Pick<Machine, 'latitude' | 'longitude'>): string | null {
  const to = coordinatesOf(station);
  return to ? `${MAPS_DIRECTIONS}&destination=${encodeURIComponent(to)}&travelmode=driving` : null;
}

/** Directions through the stations in order (those with coordinates, as many as Maps takes), and how many stops that is; null when none has coordinates. */
export function directionsThrough(stations: Pick<Machine, 'latitude' | 'longitude'>[]): { url: string; stops: number } | null {
  const stops = stations.map(coordinatesOf).filter((stop): stop is string => stop !== null).slice(0, MAPS_WAYPOINTS_MAX + 1);
  const count = stops.length;
  const destination = stops.pop();
  if (!destination) return null;
  const waypoints = stops.length ? `&waypoints=${encodeURIComponent(stops.join('|'))}` : '';
  return { url: `${MAPS_DIRECTIONS}&destination=${encodeURIComponent(destination)}${waypoints}&travelmode=driving`, stops: count };
}
