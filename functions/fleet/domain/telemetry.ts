import type * as z from 'zod/mini';
import {
  TELEMETRY_RETENTION_DAYS,
  type StationEvent,
  type TelemetryQuery,
  type TelemetryReading,
} from '@shared/schemas/telemetry';
import { CHECK_IN_MAX_DISTANCE_METRES } from '@shared/constants';
import { distanceKm, parseCoordinates, type LatLng } from '@shared/geo';
import type { Clock } from '../../platform/ports/clock';
import type { Machines } from '../../stations/ports/machines';
import type { StoredReading, Telemetry } from '../ports/telemetry';
import { conflict, notFound } from '../../platform/domain/errors';
import * as texts from './texts';
import * as stationTexts from '../../stations/domain/texts';

const DAY_SECONDS = 86_400;

/** Epoch seconds at which DynamoDB's TTL removes an item written for `at` (an ISO time). */
export const telemetryExpiry = (at: string) => Math.floor(Date.parse(at) / 1000) + TELEMETRY_RETENTION_DAYS * DAY_SECONDS;

interface HeartbeatReadings {
  waterLevel: number;
  quality: { tdsPpm: number; temperatureC: number };
  counters: { dispensedMl: number; vends: number; failures: number };
  signalDbm?: number | undefined;
}

/**
 * Keeps one heartbeat's readings in the station's history, keyed by the broker's receive time (a redelivery
 * writes the same item). The one place a reading is written, so that it can move to another ingest path as is.
 */
export async function storeReading(stationId: string, heartbeat: HeartbeatReadings, receivedAt: string, deps: { telemetry: Telemetry }): Promise<void> {
  const reading: StoredReading = {
    at: receivedAt,
    waterLevel: heartbeat.waterLevel,
    tdsPpm: heartbeat.quality.tdsPpm,
    temperatureC: heartbeat.quality.temperatureC,
    dispensedMl: heartbeat.counters.dispensedMl,
    vends: heartbeat.counters.vends,
    failures: heartbeat.counters.failures,
    signalDbm: heartbeat.signalDbm ?? null,
  };
  await deps.telemetry.putReading(stationId, reading, telemetryExpiry(receivedAt));
}

/** Keeps a presence event applied to a station (connected, or disconnected with its reason). */
export async function storeConnectionEvent(stationId: string, event: StationEvent, deps: { telemetry: Telemetry }): Promise<void> {
  await deps.telemetry.putEvent(stationId, event, telemetryExpiry(event.at));
}

type Query = z.output<typeof TelemetryQuery>;

/**
 * A station's readings in a time range, oldest first: every reading a page at a time, or with `step` one bucket per
 * step (the range is bounded, so reading it whole is too: at most 31 days of heartbeats).
 */
export async function stationTelemetry(stationId: string, query: Query, deps: { machines: Machines; telemetry: Telemetry }): Promise<{ items: TelemetryReading[]; nextCursor: string | null }> {
  if (!(await deps.machines.get(stationId))) throw notFound(stationTexts.machineNotFound);
  const range = { from: new Date(query.from).toISOString(), to: new Date(query.to).toISOString() };
  if (query.step === undefined) {
    const page = await deps.telemetry.readings(stationId, range, { limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) });
    return { items: page.items.map((r) => ({ ...r, heartbeats: 1 })), nextCursor: page.nextCursor };
  }
  const all: StoredReading[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.telemetry.readings(stationId, range, { limit: 1000, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { items: bucketReadings(all, Date.parse(range.from), query.step * 1000), nextCursor: null };
}

/** Averages per bucket of `stepMs` from `fromMs` (empty buckets left out); counters from each bucket's last reading. */
export function bucketReadings(readings: StoredReading[], fromMs: number, stepMs: number): TelemetryReading[] {
  const buckets = new Map<number, StoredReading[]>();
  for (const r of readings) {
    const index = Math.floor((Date.parse(r.at) - fromMs) / stepMs);
    const bucket = buckets.get(index);
    if (bucket) bucket.push(r);
    else buckets.set(index, [r]);
  }
  const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
  return [...buckets.entries()].sort(([a], [b]) => a - b).map(([index, rs]) => {
    const last = rs[rs.length - 1]!;
    const signals = rs.map((r) => r.signalDbm).filter((s): s is number => s !== null);
    return {
      at: new Date(fromMs + index * stepMs).toISOString(),
      waterLevel: mean(rs.map((r) => r.waterLevel)),
      tdsPpm: mean(rs.map((r) => r.tdsPpm)),
      temperatureC: mean(rs.map((r) => r.temperatureC)),
      dispensedMl: last.dispensedMl,
      vends: last.vends,
      failures: last.failures,
      signalDbm: signals.length ? mean(signals) : null,
      heartbeats: rs.length,
    };
  });
}

export async function stationEvents(stationId: string, limit: number, deps: { machines: Machines; telemetry: Telemetry }): Promise<StationEvent[]> {
  if (!(await deps.machines.get(stationId))) throw notFound(stationTexts.machineNotFound);
  return deps.telemetry.latestEvents(stationId, limit);
}


/**
 * A technician (or an admin) checks in at a station, having scanned its QR: a station event with who and when, kept
 * with the connection events for the same 90 days. Only near the station: the phone's position (as its browser
 * reports it) within CHECK_IN_MAX_DISTANCE_METRES of the station's coordinates, great-circle (docs/stations.md,
 * "Check-in"); further away, or at a station without coordinates, a 409 that says why.
 */
export async function checkIn(stationId: string, by: string, from: LatLng, deps: { machines: Machines; telemetry: Telemetry; clock: Clock }): Promise<StationEvent> {
  const machine = await deps.machines.get(stationId);
  if (!machine) throw notFound(stationTexts.machineNotFound);
  const station = parseCoordinates(machine.latitude, machine.longitude);
  if (!station) throw conflict(texts.checkInNoCoordinates);
  const metres = Math.round(distanceKm(from, station) * 1000);
  if (metres > CHECK_IN_MAX_DISTANCE_METRES) throw conflict(texts.checkInTooFar(metres, CHECK_IN_MAX_DISTANCE_METRES));
  const event: StationEvent = { at: deps.clock.now().toISOString(), kind: 'checkedIn', reason: null, by };
  await deps.telemetry.putEvent(stationId, event, telemetryExpiry(event.at));
  return event;
}
