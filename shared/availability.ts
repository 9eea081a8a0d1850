import type { Machine } from './schemas/machine';

/** At or below this water level a station cannot serve a refill: it shows as empty, not as available. */
const EMPTY_WATER_PERCENT = 5;

/**
 * Whether people can refill at a station, and if not, why: locked (an admin or a water safety lock), in maintenance,
 * offline (its connection, told by the presence event's reason), or empty (online, tank at or below 5 %). Offline is
 * told apart from empty and locked, so the operator knows whether to send a technician, a refill or a lab test.
 */
export type Availability = 'available' | 'locked' | 'maintenance' | 'offline' | 'empty';

export function availability(m: Pick<Machine, 'status' | 'waterLevel'>): Availability {
  if (m.status === 'locked' || m.status === 'maintenance' || m.status === 'offline') return m.status;
  return m.waterLevel !== null && m.waterLevel <= EMPTY_WATER_PERCENT ? 'empty' : 'available';
}
