import { distanceKm, parseCoordinates, type LatLng } from '@shared/geo';
import type { Machine, StationType } from '@shared/schemas/machine';

export interface StationView {
  machine: Machine;
  coordinates: LatLng | null;
  /** Kilometres from the visitor, when both positions are known. */
  distance: number | null;
}

/**
 * docs/design.md, "Validation": the search matches name or address, case-insensitive, and also the station's code as
 * its sticker prints it ("HRL-00001"); the area filter keeps addresses containing the area, the type filter the
 * stations of that kind of place. Open stations (online, with water) come first, then the offline, closed and empty
 * ones; with a known location each part is sorted by distance, ascending (stations without coordinates last).
 */
export function filterStations(machines: Machine[], options: { search: string; area: string; origin: LatLng | null; type?: StationType | null }): StationView[] {
  const query = options.search.trim().toLowerCase();
  const area = options.area.toLowerCase();
  const views = machines
    .filter((m) => !query || m.name.toLowerCase().includes(query) || m.location.toLowerCase().includes(query) || m.id.toLowerCase().includes(query))
    .filter((m) => !area || m.location.toLowerCase().includes(area))
    .filter((m) => !options.type || m.type === options.type)
    .map((machine) => {
      const coordinates = parseCoordinates(machine.latitude, machine.longitude);
      const distance = coordinates && options.origin ? distanceKm(options.origin, coordinates) : null;
      return { machine, coordinates, distance };
    });
  return openFirst(views, (view) => view.machine, (view) => view.distance);
}

/**
 * Every "near" list's order: stations open for a refill first, then the rest (offline, in maintenance, locked,
 * empty); within each, nearest first when distances are known, else as listed.
 */
export function openFirst<T>(items: readonly T[], machineOf: (item: T) => Pick<Machine, 'status' | 'waterLevel'>, distanceOf: (item: T) => number | null): T[] {
  return items
    .map((item, index) => ({ item, index, closed: isOpenWithWater(machineOf(item)) ? 0 : 1, distance: distanceOf(item) ?? Infinity }))
    .sort((a, b) => a.closed - b.closed || a.distance - b.distance || a.index - b.index)
    .map(({ item }) => item);
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
