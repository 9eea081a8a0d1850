import * as z from '../zod';
import { MachineStatus } from './machine';
import { lazySchema } from '../lazy-schema';

/**
 * Hosts: partner businesses with stations on their premises (docs/architecture.md, "Roles"). An admin links a
 * station to the host account's sign-in e-mail; the host sees those stations' impact and nothing else.
 */
export const MachineHost = /* @__PURE__ */ lazySchema(() => z.object({
  stationId: z.string(),
  /** The host account's sign-in e-mail (lower case); null when the station has no host. */
  hostEmail: z.nullable(z.string()),
  /** The host's business as its report names it; null when none was given. */
  businessName: z.nullable(z.string()),
}));
export type MachineHost = z.infer<typeof MachineHost>;

export const MachineHostInput = /* @__PURE__ */ lazySchema(() => z.object({
  hostEmail: z.nullable(z.pipe(z.email({ error: 'Enter the e-mail the host signs in with' }).check(z.maxLength(254)), z.transform((e) => e.toLowerCase()))),
  /** The business the host's report names (its host request's business name); left out or empty, none. */
  businessName: z.optional(z.nullable(z.string({ error: 'Enter the business name' }).check(z.trim(), z.maxLength(200, 'Business name is too long')))),
}));

/** A calendar month in Bali (WITA), e.g. 2026-11; the current month when left out. */
export const HostReportQuery = /* @__PURE__ */ lazySchema(() => z.object({
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month looks like 2026-11'))),
}));

/**
 * One station's month: litres from its counters, bottles and CO2 saved from the litres, uptime from its heartbeats;
 * refills and revenue from the ledger (each paid refill's purchase, in rupiah).
 */
export const HostStationImpact = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  status: MachineStatus,
  litres: z.number(),
  bottlesSaved: z.number().check(z.int()),
  co2SavedKg: z.number(),
  /** Heartbeats received against those expected in the month so far, in percent; null before any was due. */
  uptimePercent: z.nullable(z.number()),
  refills: z.number().check(z.int()),
  revenue: z.number().check(z.int()),
}));
export type HostStationImpact = z.infer<typeof HostStationImpact>;

/**
 * The monthly report of a host: its business, its stations and their sum, and its revenue share (the settings'
 * percent of the month's revenue, rounded to the rupiah). `from` and `to` bound the month (ISO instants, Bali's
 * midnights); `until` is where the figures stop: the month's end, or now in the current month.
 */
export const HostImpactReport = /* @__PURE__ */ lazySchema(() => z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  until: z.string(),
  businessName: z.nullable(z.string()),
  stations: z.array(HostStationImpact),
  totals: z.object({ litres: z.number(), bottlesSaved: z.number().check(z.int()), co2SavedKg: z.number(), refills: z.number().check(z.int()), revenue: z.number().check(z.int()) }),
  revenueShare: z.object({ percent: z.number(), amount: z.number().check(z.int()) }),
}));
export type HostImpactReport = z.infer<typeof HostImpactReport>;
