import * as z from '../zod';
import { STATION_TYPES } from '../constants';
import { WaterCheck } from './water-check';
import { lazySchema } from '../lazy-schema';

export const machineStatuses = ['online', 'offline', 'maintenance', 'locked'] as const;
export const MachineStatus = /* @__PURE__ */ lazySchema(() => z.enum(machineStatuses));
export type MachineStatus = z.infer<typeof MachineStatus>;
/** What kind of place a station is at (STATION_TYPES): the finder filters by it; the admin sets it on the station's page. */
export const StationType = /* @__PURE__ */ lazySchema(() => z.enum(STATION_TYPES));
export type StationType = z.infer<typeof StationType>;
/** The admin list filter offers every status but locked (docs/design.md, "States"). */
export const machineFilterStatuses = ['online', 'offline', 'maintenance'] as const;

export const WaterQuality = /* @__PURE__ */ lazySchema(() => z.object({
  tdsPpm: z.number().check(z.nonnegative()),
  temperatureC: z.number(),
}));
export type WaterQuality = z.infer<typeof WaterQuality>;

/** A station's filter cartridge: litres through it since it was changed, and the life it has left in percent. */
export const StationFilter = /* @__PURE__ */ lazySchema(() => z.object({ litres: z.number().check(z.nonnegative()), lifePercent: z.number().check(z.gte(0), z.lte(100)) }));
export type StationFilter = z.infer<typeof StationFilter>;

/**
 * The station's MQTT connection as the last presence event told it: IoT Core's disconnect reason
 * (CLIENT_INITIATED_DISCONNECT, MQTT_KEEP_ALIVE_TIMEOUT, CONNECTION_LOST, ...) tells a dropped link from a station
 * that went away on purpose, and "offline" from "empty" or "locked".
 */
export const StationConnection = /* @__PURE__ */ lazySchema(() => z.object({
  state: z.enum(['connected', 'disconnected']),
  at: z.string(),
  reason: z.nullable(z.string()),
}));
export type StationConnection = z.infer<typeof StationConnection>;

/** A station as the API returns it; fallbacks of docs/design.md, "Entities" are already applied, nothing is invented. */
export const Machine = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  /** Strings as admins type them; null when unknown. Used for maps only when both parse. */
  latitude: z.nullable(z.string()),
  longitude: z.nullable(z.string()),
  status: MachineStatus,
  /** Percent, null when the station has not reported it. */
  waterLevel: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  lastRefill: z.nullable(z.string()),
  features: z.array(z.string()),
  lastHeartbeat: z.nullable(z.string()),
  quality: z.nullable(WaterQuality),
  /** Null until the station reports its filter. */
  filter: z.nullable(StationFilter),
  /** Null until the station first connected. */
  connection: z.nullable(StationConnection),
  /** The last lab test and sanitation, and a water safety lock (the "water checked" badge). */
  waterCheck: WaterCheck,
  /** Someone reported a problem that is not resolved yet: the station card says it is being fixed. */
  problemReported: z.optional(z.boolean()),
  /** The station's own price per litre (a remote setPrice command it applied); null: the global setting. */
  pricePerLitre: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  /** What a litre costs here now, what a vend is charged: the station's own price, else the global setting. */
  effectivePricePerLitre: z.number().check(z.int(), z.positive()),
  /** The largest refill the station dispenses at once (millilitres). */
  maxFillMl: z.optional(z.number().check(z.int(), z.positive())),
  /** The kind of place (null: not set). */
  type: z.optional(z.nullable(StationType)),
  /** Kept off the public lists by an admin (a station being installed, a test machine); its own page still opens. Only present when true. */
  hidden: z.optional(z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));
export type Machine = z.infer<typeof Machine>;

export const MachineList = /* @__PURE__ */ lazySchema(() => z.array(Machine));

export const MachineIdParams = /* @__PURE__ */ lazySchema(() => z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }));

/** Admin codes look like HRL-00026; seeded and provisioned ids follow the same shape. */
export const MACHINE_ID_PATTERN = /^[A-Z]{2,5}-\d{3,6}$/;
