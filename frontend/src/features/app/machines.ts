import { useEffect, useState } from 'react';
import { distanceKm, parseCoordinates, type LatLng } from '@shared/geo';
import type { Machine } from '@shared/schemas/machine';
import { getLanguage } from '../../i18n/language';
import { openFirst } from '../stations/filter';
import { formatKm } from '../stations/format';

export interface PlacedMachine {
  machine: Machine;
  position: LatLng | null;
  /** Kilometres from the user, when both positions are known. */
  distanceKm: number | null;
}

/**
 * Machines with their parsed positions: open ones (online, with water) first, then offline, closed and empty ones;
 * nearest first within each when the user's position is known (else as listed).
 */
export function byDistance(machines: readonly Machine[], from: LatLng | null): PlacedMachine[] {
  const placed = machines.map((machine) => {
    const position = parseCoordinates(machine.latitude, machine.longitude);
    return { machine, position, distanceKm: from && position ? distanceKm(from, position) : null };
  });
  return openFirst(placed, (p) => p.machine, (p) => p.distanceKm);
}

/** The browser's position, asked once; a denial or failure is tolerated silently (null). */
export function usePosition(): LatLng | null {
  const [position, setPosition] = useState<LatLng | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => live && setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => undefined,
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 15_000 },
    );
    return () => {
      live = false;
    };
  }, []);
  return position;
}

/** The colours of a status; its name is in the app's texts (i18n/app.ts, `status`). */
export const STATUS_STYLE: Record<Machine['status'], { dot: string; text: string; bg: string; color: string }> = {
  online: { dot: 'bg-emerald-500', text: 'text-emerald-700', bg: 'bg-emerald-50', color: '#10b981' },
  offline: { dot: 'bg-red-500', text: 'text-red-700', bg: 'bg-red-50', color: '#ef4444' },
  maintenance: { dot: 'bg-amber-500', text: 'text-amber-700', bg: 'bg-amber-50', color: '#f59e0b' },
  locked: { dot: 'bg-slate-400', text: 'text-slate-600', bg: 'bg-slate-100', color: '#94a3b8' },
};

/** A directions link for the phone's maps app. */
export function directionsUrl(machine: Machine, position: LatLng | null): string {
  const destination = position ? `${position.latitude},${position.longitude}` : `${machine.name}, ${machine.location}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** '2.3 km' / '2,3 km' in the app's language. */
export const formatDistance = (distance: number) => formatKm(distance, getLanguage());
