import { distanceKm, parseCoordinates, type LatLng } from '@shared/geo';
import type { Machine } from '@shared/schemas';

export interface StationView {
  machine: Machine;
  coordinates: LatLng | null;
  /** Kilometres from the visitor, when both positions are known. */
  distance: number | null;
}

/**
 * docs/design.md, "Validation": the search matches name or address, case-insensitive; the area filter keeps
 * addresses containing the area; with a known location the list is sorted by distance, ascending
 * (stations without coordinates last).
 */
export function filterStations(machines: Machine[], options: { search: string; area: string; origin: LatLng | null }): StationView[] {
  const query = options.search.trim().toLowerCase();
  const area = options.area.toLowerCase();
  const views = machines
    .filter((m) => !query || m.name.toLowerCase().includes(query) || m.location.toLowerCase().includes(query))
    .filter((m) => !area || m.location.toLowerCase().includes(area))
    .map((machine) => {
      const coordinates = parseCoordinates(machine.latitude, machine.longitude);
      const distance = coordinates && options.origin ? distanceKm(options.origin, coordinates) : null;
      return { machine, coordinates, distance };
    });
  if (options.origin) views.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
  return views;
}

/** Directions to the station's coordinates, in the visitor's map app. */
export function directionsUrl({ latitude, longitude }: LatLng) {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

/** Open for a refill now: online (so neither offline, locked nor in maintenance) with water in the tank. */
const isOpenWithWater = (m: Pick<Machine, 'status' | 'waterLevel'>) => m.status === 'online' && (m.waterLevel ?? 0) > 0;

/** The nearest station open with water from the visitor's position (any search or area filter aside); null when none has coordinates. */
export function nearestOpenStation(machines: Machine[], origin: LatLng): StationView | null {
  return filterStations(machines, { search: '', area: '', origin }).find((view) => view.distance !== null && isOpenWithWater(view.machine)) ?? null;
}
