import type { HostImpactReport, HostStationImpact, MachineHost } from '@shared/schemas/host';
import { impactOfLitres } from '@shared/impact';
import { intervalsHeard, litresDispensed, uptime } from '@shared/station-figures';
import type { AdminQueries } from '../../system/ports/admin-queries';
import type { Clock } from '../../platform/ports/clock';
import type { MachineRecord, Machines } from '../../stations/ports/machines';
import type { SettingsStore } from '../../platform/ports/settings';
import type { StoredReading, Telemetry } from '../../fleet/ports/telemetry';
import { toMachine, type MachineViewSettings } from '../../stations/domain/machines';
import { notFound } from '../../platform/domain/errors';
import * as stationTexts from '../../stations/domain/texts';

/**
 * Hosts (docs/architecture.md, "Roles"): an admin links a station to the sign-in e-mail of a host account; the host
 * reads the impact of its own stations, a calendar month at a time, and nothing of any other station.
 */

/** Bali time (WITA) is UTC+8 all year: a host's month starts at local midnight of its first day. */
const WITA_OFFSET_MS = 8 * 3_600_000;

const hostOf = (machine: MachineRecord): MachineHost => ({ stationId: machine.id, hostEmail: machine.hostEmail ?? null, businessName: machine.hostBusiness ?? null });

export async function machineHost(stationId: string, deps: { machines: Machines }): Promise<MachineHost> {
  const machine = await deps.machines.get(stationId);
  if (!machine) throw notFound(stationTexts.machineNotFound);
  return hostOf(machine);
}

/**
 * Links the station to the host and names its business (null unlinks both); the e-mail arrives lower-cased and the
 * name trimmed by the route's schema.
 */
export async function setMachineHost(stationId: string, link: { hostEmail: string | null; businessName?: string | null }, deps: { machines: Machines; clock: Clock }): Promise<MachineHost> {
  const businessName = (link.hostEmail && link.businessName) || undefined;
  const updated = await deps.machines.update(stationId, { hostEmail: link.hostEmail ?? undefined, hostBusiness: businessName, updatedAt: deps.clock.now().toISOString() });
  if (!updated) throw notFound(stationTexts.machineNotFound);
  return hostOf(updated);
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
  adminQueries: Pick<AdminQueries, 'transactions'>;
  clock: Clock;
}

const isHostOf = (machine: MachineRecord | null, hostEmail: string | null): machine is MachineRecord =>
  Boolean(machine && hostEmail && machine.hostEmail === hostEmail.toLowerCase());

/** The host's share of a revenue: the settings' percent, rounded to the rupiah (docs/architecture.md, "Roles"). */
export const revenueShareOf = (revenue: number, percent: number): number => Math.round((revenue * percent) / 100);

/**
 * The host's monthly report: its business, each of its stations (by id) and the sum, and its revenue share. The
 * business name is the one given when its stations were linked (the newest link's, if they differ).
 */
export async function hostImpactReport(hostEmail: string | null, month: string | undefined, deps: HostDeps): Promise<HostImpactReport> {
  const now = deps.clock.now();
  const range = monthRange(month, now);
  const [machines, settings] = await Promise.all([deps.machines.list(), deps.settings.get()]);
  const own = machines.filter((m) => isHostOf(m, hostEmail)).sort((a, b) => a.id.localeCompare(b.id));
  const stations = await Promise.all(own.map((m) => stationImpact(m, range, now, settings, deps)));
  const litres = Math.round(stations.reduce((sum, s) => sum + s.litres, 0) * 1000) / 1000;
  const impact = impactOfLitres(litres);
  const revenue = stations.reduce((sum, s) => sum + s.revenue, 0);
  const named = own.filter((m) => m.hostBusiness).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  return {
    month: range.month, from: range.from.toISOString(), to: range.to.toISOString(), until: untilOf(range, now).toISOString(),
    businessName: named?.hostBusiness ?? null,
    stations,
    totals: { litres, bottlesSaved: impact.bottlesSaved, co2SavedKg: impact.co2Saved, refills: stations.reduce((sum, s) => sum + s.refills, 0), revenue },
    revenueShare: { percent: settings.hostRevenueSharePercent, amount: revenueShareOf(revenue, settings.hostRevenueSharePercent) },
  };
}

/** Where a month's figures stop: its end, or now while it runs. */
const untilOf = (range: { to: Date }, now: Date) => new Date(Math.min(range.to.getTime(), now.getTime()));

/** One of the host's stations in a month; any station that is not the host's is not found (nothing tells it exists). */
export async function hostStationImpact(hostEmail: string | null, stationId: string, month: string | undefined, deps: HostDeps): Promise<HostStationImpact> {
  const now = deps.clock.now();
  const [machine, settings] = await Promise.all([deps.machines.get(stationId), deps.settings.get()]);
  if (!isHostOf(machine, hostEmail)) throw notFound(stationTexts.stationNotFound);
  return stationImpact(machine, monthRange(month, now), now, settings, deps);
}

async function stationImpact(machine: MachineRecord, range: { from: Date; to: Date }, now: Date, settings: MachineViewSettings, deps: HostDeps): Promise<HostStationImpact> {
  const until = untilOf(range, now);
  const [readings, sales] = until > range.from
    ? await Promise.all([allReadings(machine.id, range.from, until, deps.telemetry), salesOf(machine.id, range.from, until, deps.adminQueries)])
    : [[], { refills: 0, revenue: 0 }];
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
    ...sales,
  };
}

/**
 * A station's paid refills and revenue in a range, from its purchases in the ledger (what the refills were charged,
 * the station's revenue account in the book). A refill charged again after its close (a late completion) has two
 * purchases of one vend session: it counts once.
 */
async function salesOf(stationId: string, from: Date, to: Date, adminQueries: HostDeps['adminQueries']): Promise<{ refills: number; revenue: number }> {
  const sessions = new Set<string>();
  let revenue = 0;
  let cursor: string | undefined;
  do {
    const page = await adminQueries.transactions({ machineId: stationId, type: 'purchase', from: from.toISOString(), to: to.toISOString(), limit: 200, ...(cursor ? { cursor } : {}) });
    for (const entry of page.items) {
      sessions.add(entry.reference);
      revenue -= entry.amount;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { refills: sessions.size, revenue };
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
