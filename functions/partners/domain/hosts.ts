import type { HostImpactReport, HostStationImpact, MachineHost } from '@shared/schemas/host';
import { impactOfLitres } from '@shared/impact';
import { intervalsHeard, litresDispensed, uptime } from '@shared/station-figures';
import type { Clock } from '../../platform/ports/clock';
import type { MachineRecord, Machines } from '../../stations/ports/machines';
import type { SettingsStore } from '../../platform/ports/settings';
import type { StoredReading, Telemetry } from '../../fleet/ports/telemetry';
import { toMachine, type MachineViewSettings } from '../../stations/domain/machines';
import { notFound } from '../../platform/domain/errors';
import * as texts from '../../platform/domain/texts';

/**
 * Hosts (docs/architecture.md, "Roles"): an admin links a station to the sign-in e-mail of a host account; the host
 * reads the impact of its own stations, a calendar month at a time, and nothing of any other station.
 */

/** Bali time (WITA) is UTC+8 all year: a host's month starts at local midnight of its first day. */
const WITA_OFFSET_MS = 8 * 3_600_000;

export async function machineHost(stationId: string, deps: { machines: Machines }): Promise<MachineHost> {
  const machine = await deps.machines.get(stationId);
  if (!machine) throw notFound(texts.machineNotFound);
  return { stationId, hostEmail: machine.hostEmail ?? null };
}

/** Links the station to the host (null unlinks it); the e-mail arrives lower-cased by the route's schema. */
export async function setMachineHost(stationId: string, hostEmail: string | null, deps: { machines: Machines; clock: Clock }): Promise<MachineHost> {
  const updated = await deps.machines.update(stationId, { hostEmail: hostEmail ?? undefined, updatedAt: deps.clock.now().toISOString() });
  if (!updated) throw notFound(texts.machineNotFound);
  return { stationId, hostEmail: updated.hostEmail ?? null };
}

/** The month's bounds in UTC; `month` is YYYY-MM in Bali, the current one when left out. */
export function monthRange(month: string | undefined, now: Date): { month: string; from: Date; to: Date } {
  const key = month ?? new Date(now.getTime() + WITA_OFFSET_MS).toISOString().slice(0, 7);
  const [year, monthIndex] = [Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1];
  return { month: key, from: new Date(Date.UTC(year, monthIndex, 1) - WITA_OFFSET_MS), to: new Date(Date.UTC(year, monthIndex + 1, 1) - WITA_OFFSET_MS) };
}

interface HostDeps {
  machines: Machines;
  telemetry: Telemetry;
  settings: SettingsStore;
  clock: Clock;
}

const isHostOf = (machine: MachineRecord | null, hostEmail: string | null): machine is MachineRecord =>
  Boolean(machine && hostEmail && machine.hostEmail === hostEmail.toLowerCase());

/** The host's monthly impact report: each of its stations (by id) and the sum. */
export async function hostImpactReport(hostEmail: string | null, month: string | undefined, deps: HostDeps): Promise<HostImpactReport> {
  const now = deps.clock.now();
  const range = monthRange(month, now);
  const [machines, settings] = await Promise.all([deps.machines.list(), deps.settings.get()]);
  const own = machines.filter((m) => isHostOf(m, hostEmail)).sort((a, b) => a.id.localeCompare(b.id));
  const stations = await Promise.all(own.map((m) => stationImpact(m, range, now, settings, deps.telemetry)));
  const litres = Math.round(stations.reduce((sum, s) => sum + s.litres, 0) * 1000) / 1000;
  const impact = impactOfLitres(litres);
  return {
    month: range.month, from: range.from.toISOString(), to: range.to.toISOString(), stations,
    totals: { litres, bottlesSaved: impact.bottlesSaved, co2SavedKg: impact.co2Saved },
  };
}

/** One of the host's stations in a month; any station that is not the host's is not found (nothing tells it exists). */
export async function hostStationImpact(hostEmail: string | null, stationId: string, month: string | undefined, deps: HostDeps): Promise<HostStationImpact> {
  const now = deps.clock.now();
  const [machine, settings] = await Promise.all([deps.machines.get(stationId), deps.settings.get()]);
  if (!isHostOf(machine, hostEmail)) throw notFound(texts.stationNotFound);
  return stationImpact(machine, monthRange(month, now), now, settings, deps.telemetry);
}

async function stationImpact(machine: MachineRecord, range: { from: Date; to: Date }, now: Date, settings: MachineViewSettings, telemetry: Telemetry): Promise<HostStationImpact> {
  const until = new Date(Math.min(range.to.getTime(), now.getTime()));
  const readings = until > range.from ? await allReadings(machine.id, range.from, until, telemetry) : [];
  const litres = litresDispensed(readings);
  const impact = impactOfLitres(litres);
  const up = until > range.from ? uptime(intervalsHeard(readings, settings.heartbeatIntervalSeconds), { from: range.from, to: until }, machine.createdAt, settings.heartbeatIntervalSeconds) : null;
  const shown = toMachine(machine, now, settings);
  return {
    id: shown.id,
    name: shown.name,
    location: shown.location,
    status: shown.status,
    litres,
    bottlesSaved: impact.bottlesSaved,
    co2SavedKg: impact.co2Saved,
    uptimePercent: up?.percent ?? null,
  };
}

/** A month of readings is at most 31 days of heartbeats (the retention is 90 days), read a page at a time. */
async function allReadings(stationId: string, from: Date, to: Date, telemetry: Telemetry): Promise<StoredReading[]> {
  const all: StoredReading[] = [];
  let cursor: string | undefined;
  do {
    const page = await telemetry.readings(stationId, { from: from.toISOString(), to: to.toISOString() }, { limit: 1000, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
