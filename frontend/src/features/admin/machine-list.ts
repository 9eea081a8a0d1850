import type { Machine, machineFilterStatuses } from '@shared/schemas/machine';

export type StatusFilter = 'all' | (typeof machineFilterStatuses)[number];

/** docs/design.md, "Validation": name or location, case-insensitive; the status filter offers all but locked. */
export function filterMachines(machines: Machine[], search: string, status: StatusFilter) {
  const needle = search.trim().toLowerCase();
  return machines.filter(
    (m) => (status === 'all' || m.status === status) && (!needle || [m.id, m.name, m.location].some((text) => text.toLowerCase().includes(needle))),
  );
}

const OFFLINE_ALERT_MINUTES = 10;
const LOW_WATER_PERCENT = 20;

/** Since when a station has been silent: its last heartbeat, or (never heard from) its last change. */
export const offlineSince = (m: Pick<Machine, 'lastHeartbeat' | 'updatedAt'>) => m.lastHeartbeat ?? m.updatedAt;

/**
 * Alerts at the top of the Machines tab: stations offline for more than 10 minutes, and stations with
 * less than 20% water (whatever their status). Longest silence and emptiest tank first.
 */
export function machineAlerts(machines: Machine[], now = Date.now()) {
  const offline = machines
    .filter((m) => m.status === 'offline' && now - Date.parse(offlineSince(m)) > OFFLINE_ALERT_MINUTES * 60_000)
    .sort((a, b) => Date.parse(offlineSince(a)) - Date.parse(offlineSince(b)));
  const lowWater = machines
    .filter((m) => m.waterLevel !== null && m.waterLevel < LOW_WATER_PERCENT)
    .sort((a, b) => (a.waterLevel ?? 0) - (b.waterLevel ?? 0));
  return { offline, lowWater };
}
