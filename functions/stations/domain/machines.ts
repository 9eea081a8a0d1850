import { DEFAULT_FEATURES, DEFAULT_MAX_FILL_ML, HEARTBEATS_UNTIL_OFFLINE } from '@shared/constants';
import * as z from '@shared/zod';
import { MACHINE_ID_PATTERN, type Machine, type MachineStatus } from '@shared/schemas/machine';
import type { Settings } from '@shared/schemas/settings';
import type { MachineRecord } from '../ports/machines';

/** A station's id in the messages stations send (the topic's and the payload's). */
export const StationId = z.string().check(z.regex(MACHINE_ID_PATTERN, 'not a station id'));

/** docs/design.md, "Entities" fallback: 'Station' plus the first 8 characters of the id. */
export const fallbackName = (id: string) => `Station ${id.slice(0, 8)}`;
const FALLBACK_LOCATION = 'Bali, Indonesia';

/**
 * The status people see. An admin's maintenance or locked status wins; a station that has ever
 * heartbeated is online only while its last heartbeat is younger than three intervals.
 */
export function effectiveStatus(record: MachineRecord, now: Date, heartbeatIntervalSeconds: number): MachineStatus {
  if (record.status === 'maintenance' || record.status === 'locked') return record.status;
  if (record.status === 'online' && record.lastHeartbeat) {
    const ageMs = now.getTime() - Date.parse(record.lastHeartbeat);
    if (ageMs > HEARTBEATS_UNTIL_OFFLINE * heartbeatIntervalSeconds * 1000) return 'offline';
  }
  return record.status;
}

/** What a vend at the station costs per litre: its own price (a setPrice command it applied), else the global setting. */
export const stationPrice = (record: Pick<MachineRecord, 'pricePerLitre'>, settings: { pricePerLitre: number }) => record.pricePerLitre ?? settings.pricePerLitre;

/** The highest price per litre in the fleet (the default where a station has none of its own); a loop, as 100,000 arguments to Math.max overflow the stack. */
export const highestStationPrice = (fleet: Pick<MachineRecord, 'pricePerLitre'>[], settings: { pricePerLitre: number }) =>
  fleet.reduce((highest, machine) => Math.max(highest, stationPrice(machine, settings)), settings.pricePerLitre);

/** The settings a station's public view reads: its status follows the heartbeat interval, its price the global one. */
export type MachineViewSettings = Pick<Settings, 'heartbeatIntervalSeconds' | 'pricePerLitre'>;

/** Applies the read-time fallbacks; unknown coordinates and water levels stay null. */
export function toMachine(record: MachineRecord, now: Date, settings: MachineViewSettings): Machine {
  return {
    id: record.id,
    name: record.name?.trim() || fallbackName(record.id),
    location: record.location?.trim() || FALLBACK_LOCATION,
    latitude: record.latitude ?? null,
    longitude: record.longitude ?? null,
    status: effectiveStatus(record, now, settings.heartbeatIntervalSeconds),
    waterLevel: record.waterLevel ?? null,
    lastRefill: record.lastRefill ?? null,
    features: record.features?.length ? record.features : [...DEFAULT_FEATURES],
    lastHeartbeat: record.lastHeartbeat ?? null,
    quality: record.quality ?? null,
    filter: record.filter ?? null,
    connection: record.connection ?? null,
    waterCheck: {
      lastLabTestAt: record.lastLabTest?.at ?? null,
      lastLabTestResult: record.lastLabTest?.result ?? null,
      lastSanitationAt: record.lastSanitationAt ?? null,
      lockedFor: record.safetyLock?.reason ?? null,
    },
    problemReported: (record.openReports ?? 0) > 0,
    pricePerLitre: record.pricePerLitre ?? null,
    effectivePricePerLitre: stationPrice(record, settings),
    maxFillMl: record.maxFillMl ?? DEFAULT_MAX_FILL_ML,
    type: record.type ?? null,
    ...(record.hidden ? { hidden: true } : {}),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
