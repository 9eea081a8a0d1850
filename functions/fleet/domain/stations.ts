import * as z from '@shared/zod';
import type { AdminMachineInput, ProvisionedMachine } from '@shared/routes/fleet';
import { DEFAULT_MAX_FILL_ML, HEARTBEAT_INTERVAL_SECONDS } from '@shared/constants';
import { MACHINE_ID_PATTERN, WaterQuality, type StationConnection } from '@shared/schemas/machine';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { SafetyRecords } from '../ports/safety-records';
import { evaluateSafety } from './water-safety';
import type { MachineRecord, Machines, StationCounters } from '../../stations/ports/machines';
import type { SigningKeys } from '../../vending/ports/signing-keys';
import type { StationRegistry } from '../ports/station-registry';
import { conflict } from '../../platform/domain/errors';
import { StationId, toMachine, type MachineViewSettings } from '../../stations/domain/machines';
import type { Log } from '../../platform/ports/log';
import type { Telemetry } from '../ports/telemetry';
import { storeConnectionEvent } from './telemetry';
import type { Alerts } from '../ports/alerts';
import type { SettingsStore } from '../../platform/ports/settings';
import type { Tickets } from '../../fieldwork/ports/tickets';
import { evaluateHeartbeat } from './alerts';
import * as texts from './texts';



// ---------------------------------------------------------------------------------------------------------
// Provisioning

type AdminMachine = z.output<typeof AdminMachineInput>;
type Provisioned = z.output<typeof ProvisionedMachine>;

/**
 * Admin Add Machine: refuses a taken id, creates the station's identity (thing, certificate, policy),
 * stores the machine and returns the certificate bundle once. The private key is not stored anywhere.
 */
export async function provisionStation(
  input: AdminMachine,
  deps: { machines: Machines; registry: StationRegistry; signingKeys: SigningKeys; clock: Clock; settings: MachineViewSettings },
): Promise<Provisioned> {
  if (await deps.machines.get(input.id)) throw conflict(texts.machineExists(input.id));
  const [credentials, vendPublicKeyPem] = await Promise.all([deps.registry.provision(input.id), deps.signingKeys.publicKeyPem()]);
  const now = deps.clock.now();
  const record: MachineRecord = {
    id: input.id,
    name: input.name,
    location: input.location,
    latitude: input.latitude,
    longitude: input.longitude,
    status: input.status,
    maxFillMl: DEFAULT_MAX_FILL_ML,
    certificateId: credentials.certificateId,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (!(await deps.machines.create(record))) throw conflict(texts.machineExists(input.id));
  const { certificateId: _id, ...bundle } = credentials;
  return { machine: toMachine(record, now, deps.settings), bundle: { ...bundle, vendPublicKeyPem } };
}

// ---------------------------------------------------------------------------------------------------------
// Heartbeats: stations/{id}/heartbeat through Basic Ingest, written by the heartbeat rule, handed over by the table's stream
// (functions/fleet/adapters/iot/heartbeat-ingest.ts)

export const Heartbeat = z.object({
  stationId: StationId,
  /** Percent of the tank. */
  waterLevel: z.number().check(z.gte(0), z.lte(100)),
  quality: z.extend(WaterQuality, { tdsPpm: z.number().check(z.gte(0), z.lte(5000)), temperatureC: z.number().check(z.gte(-20), z.lte(80)) }),
  firmwareVersion: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  counters: z.object({
    dispensedMl: z.number().check(z.int(), z.nonnegative()),
    vends: z.number().check(z.int(), z.nonnegative()),
    failures: z._default(z.number().check(z.int(), z.nonnegative()), 0),
    uptimeSeconds: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
  /**
   * When the broker received the heartbeat (ms since the epoch; the rule's timestamp(), or the local broker's clock).
   * Heartbeats are ordered by it, never by the station's own clock, which can be wrong or jump back.
   */
  receivedAt: z.optional(z.number().check(z.int(), z.positive())),
  /**
   * The filter cartridge: litres through it since it was changed and the life it has left (percent of its rated
   * volume or age, whichever ends first), when the station has a filter sensor.
   */
  filter: z.optional(z.object({ litres: z.number().check(z.gte(0), z.lte(10_000_000)), lifePercent: z.number().check(z.gte(0), z.lte(100)) })),
  /** Mobile signal strength in dBm (RSSI), when the modem reports it. */
  signalDbm: z.optional(z.number().check(z.gte(-150), z.lte(0))),
  /** When the tank was last refilled, if the station knows. */
  lastRefill: z.optional(z.iso.datetime()),
});
export type Heartbeat = z.infer<typeof Heartbeat>;

export type TelemetryOutcome = 'applied' | 'dropped' | 'ignored';

/** Slack for a heartbeat's way from the station to the fold (the rule, the stream's batching window, retries). */
const HEARD_FILING_SLACK_SECONDS = 60;
/** The grid when the offline alert is off: only the station list reads the heard index then. */
const HEARD_FILING_MAX_GRID_SECONDS = 3600;

/**
 * Where a heartbeat files its station in the heard index (adapters/dynamodb/keys.ts): its receive time rounded down
 * to a grid as coarse as the offline alert allows, so that most heartbeats leave the station's index key as it is
 * (an index entry updated in place is one write, one moved is two: docs/cost.md). The grid is the alert's threshold
 * less one heartbeat interval and some slack, so a station heard within the last interval is always filed after the
 * threshold and the sweep reads only the silent ones; the sweep's filter on the exact receive time keeps it exact.
 */
export function heardFilingTime(receivedAt: string, alertOfflineMinutes: number): string {
  const gridSeconds = heardFilingGridSeconds(alertOfflineMinutes);
  if (gridSeconds <= 0) return receivedAt;
  const ms = Date.parse(receivedAt);
  return new Date(ms - (ms % (gridSeconds * 1000))).toISOString();
}

/** The grid of heardFilingTime, in seconds from the epoch; 0 or less: the exact receive time. */
export const heardFilingGridSeconds = (alertOfflineMinutes: number) =>
  alertOfflineMinutes > 0
    ? Math.min(alertOfflineMinutes * 60 - HEARTBEAT_INTERVAL_SECONDS - HEARD_FILING_SLACK_SECONDS, HEARD_FILING_MAX_GRID_SECONDS)
    : HEARD_FILING_MAX_GRID_SECONDS;

/**
 * Folds a heartbeat into the station's live values and marks it online, unless an admin's maintenance or locked
 * status holds. The reading itself is already in the station's history: the heartbeat rule wrote it, keyed by receive
 * time (docs/stations.md, Heartbeats). Deliveries are batched and retried, so a heartbeat can be handled after a newer
 * one: it is ignored for the live values.
 */
export async function recordHeartbeat(event: unknown, deps: { machines: Machines; alerts: Alerts; tickets: Tickets; settings: Pick<SettingsStore, 'get'>; safetyRecords: SafetyRecords; clock: Clock; ids: Ids; log: Log }): Promise<TelemetryOutcome> {
  const parsed = Heartbeat.safeParse(event);
  if (!parsed.success) {
    deps.log.warn('heartbeat dropped: malformed', { stationId: stationIdOf(event), issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return 'dropped';
  }
  const hb = parsed.data;
  const now = deps.clock.now().toISOString();
  const receivedAt = hb.receivedAt !== undefined ? new Date(hb.receivedAt).toISOString() : now;
  // One read of the settings for all of it (and one per stream batch): a heartbeat is the hottest path of the fleet.
  const settings = await deps.settings.get();
  const counters: StationCounters = { dispensedMl: hb.counters.dispensedMl, vends: hb.counters.vends, failures: hb.counters.failures, ...(hb.counters.uptimeSeconds !== undefined ? { uptimeSeconds: hb.counters.uptimeSeconds } : {}) };
  const updated = await deps.machines.update(hb.stationId, {
    lastHeartbeat: now, heartbeatReceivedAt: receivedAt, waterLevel: hb.waterLevel, quality: hb.quality, firmwareVersion: hb.firmwareVersion, counters, updatedAt: now,
    ...(hb.lastRefill ? { lastRefill: hb.lastRefill } : {}),
    ...(hb.filter ? { filter: hb.filter } : {}),
  }, { heartbeatReceivedBefore: receivedAt }, { heardAt: heardFilingTime(receivedAt, settings.alertOfflineMinutes) });
  if (!updated) {
    // No such station, or a heartbeat received at the same time or later is already stored.
    const stored = await deps.machines.get(hb.stationId);
    if (!stored) {
      deps.log.warn('heartbeat dropped: unknown station', { stationId: hb.stationId });
      return 'dropped';
    }
    deps.log.info('heartbeat ignored: not newer than the stored one', { stationId: hb.stationId, receivedAt, storedReceivedAt: stored.heartbeatReceivedAt });
    return 'ignored';
  }
  // Water safety first: a station locked now must not be moved online below.
  await evaluateSafety(updated, settings, deps);
  if (heartbeatSetsOnline(updated, receivedAt)) {
    // Conditional: an admin's status written meanwhile, or a disconnect newer than this heartbeat, wins.
    await deps.machines.update(hb.stationId, { status: 'online' }, { statusNotIn: ['maintenance', 'locked'], presenceBefore: receivedAt });
  }
  await evaluateHeartbeat(updated, { waterLevel: hb.waterLevel, tdsPpm: hb.quality.tdsPpm, vends: hb.counters.vends, failures: hb.counters.failures, filterLifePercent: hb.filter?.lifePercent }, settings, deps);
  return 'applied';
}

/**
 * Whether a heartbeat the broker received at `receivedAt` moves the station online: only from offline, and not
 * when the station's last presence event (a disconnect, also stamped by the broker) is newer than the heartbeat.
 */
export function heartbeatSetsOnline(record: Pick<MachineRecord, 'status' | 'presenceAt'>, receivedAt: string): boolean {
  if (record.status !== 'offline') return false;
  return !record.presenceAt || record.presenceAt < receivedAt;
}

// ---------------------------------------------------------------------------------------------------------
// Presence: $aws/events/presence/{connected|disconnected}/{clientId}

export const PresenceEvent = z.looseObject({
  clientId: z.string().check(z.minLength(1)),
  eventType: z.enum(['connected', 'disconnected']),
  /** Milliseconds since the epoch, set by the broker. */
  timestamp: z.number().check(z.int(), z.positive()),
  disconnectReason: z.optional(z.string()),
});
export type PresenceEvent = z.infer<typeof PresenceEvent>;

/**
 * What a presence event changes on a station, or null when it must change nothing:
 * events not newer than the last one applied (out of order, duplicates), and the disconnect of a session
 * that a newer connection with the same client id replaced. An admin's maintenance or locked status stays.
 */
export function presenceChange(
  record: Pick<MachineRecord, 'status' | 'presenceAt'>,
  event: PresenceEvent,
): { presenceAt: string; connection: StationConnection; status?: 'online' | 'offline' } | null {
  if (event.eventType === 'disconnected' && event.disconnectReason === 'DUPLICATE_CLIENTID') return null;
  const at = new Date(event.timestamp).toISOString();
  if (record.presenceAt && record.presenceAt >= at) return null;
  const connection: StationConnection = { state: event.eventType, at, reason: event.eventType === 'disconnected' ? (event.disconnectReason ?? null) : null };
  if (record.status === 'maintenance' || record.status === 'locked') return { presenceAt: at, connection };
  return { presenceAt: at, connection, status: event.eventType === 'connected' ? 'online' : 'offline' };
}

export async function recordPresence(event: unknown, deps: { machines: Machines; telemetry: Telemetry; clock: Clock; log: Log }): Promise<TelemetryOutcome> {
  const parsed = PresenceEvent.safeParse(event);
  if (!parsed.success) {
    deps.log.warn('presence event dropped: malformed', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return 'dropped';
  }
  const presence = parsed.data;
  if (!MACHINE_ID_PATTERN.test(presence.clientId)) return 'ignored';
  if (presence.eventType === 'disconnected' && presence.disconnectReason === 'DUPLICATE_CLIENTID') {
    // A newer connection with the same client id replaced this session: the station stays connected, and its
    // history keeps what happened (two devices with one certificate, or a firmware that reconnects in a loop).
    if (await deps.machines.get(presence.clientId)) {
      await storeConnectionEvent(presence.clientId, { at: new Date(presence.timestamp).toISOString(), kind: 'disconnected', reason: presence.disconnectReason }, deps);
    }
    return 'ignored';
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await deps.machines.get(presence.clientId);
    if (!record) {
      deps.log.warn('presence event dropped: unknown station', { stationId: presence.clientId });
      return 'dropped';
    }
    const change = presenceChange(record, presence);
    if (!change) return 'ignored';
    const written = await deps.machines.update(
      presence.clientId,
      { ...change, updatedAt: deps.clock.now().toISOString() },
      // Atomic with the comparison above: a newer event or an admin's status written meanwhile wins.
      { presenceBefore: change.presenceAt, ...(change.status ? { statusNotIn: ['maintenance', 'locked'] } : {}) },
    );
    if (written) {
      await storeConnectionEvent(presence.clientId, { at: change.connection.at, kind: change.connection.state, reason: change.connection.reason }, deps);
      deps.log.info('presence applied', { stationId: presence.clientId, eventType: presence.eventType, status: written.status });
      return 'applied';
    }
  }
  return 'ignored';
}

function stationIdOf(event: unknown): string | undefined {
  const id = (event as { stationId?: unknown } | null)?.stationId;
  return typeof id === 'string' ? id.slice(0, 64) : undefined;
}
