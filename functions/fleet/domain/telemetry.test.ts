import { describe, expect, it } from 'vitest';
import { TelemetryQuery } from '@shared/schemas/telemetry';
import { recordHeartbeat, recordPresence } from './stations';
import { bucketReadings, stationTelemetry, storeReading, telemetryExpiry } from './telemetry';
import {
  MemoryAlerts,
  MemoryTickets,
  MemoryMachines,
  MemorySafetyRecords,
  MemoryTelemetry,
  counterIds,
  fixedClock,
  silentLog,
} from '../../vending/domain/vend.test-fakes';
import { defaultSettings } from '@shared/schemas/settings';
import { DomainError } from '../../platform/domain/errors';

const T = Date.parse('2026-03-01T08:00:00Z');
const iso = (ms: number) => new Date(T + ms).toISOString();
const beat = { stationId: 'HRL-00001', waterLevel: 64, quality: { tdsPpm: 45, temperatureC: 27.4 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 1200, vends: 3 } };

async function setup() {
  const machines = new MemoryMachines();
  await machines.create({ id: 'HRL-00001', status: 'offline', createdAt: iso(0), updatedAt: iso(0) });
  return { machines, telemetry: new MemoryTelemetry(), alerts: new MemoryAlerts(machines), tickets: new MemoryTickets(), settings: { get: async () => defaultSettings(), save: async () => defaultSettings() }, safetyRecords: new MemorySafetyRecords(), ids: counterIds(), clock: fixedClock(new Date(T + 600_000)), log: silentLog };
}

describe('telemetry history', () => {
  it('folds only a heartbeat newer than the stored one into the live values; keeps a reading by receive time with a 90-day TTL', async () => {
    const deps = await setup();
    expect(await recordHeartbeat({ ...beat, receivedAt: T + 120_000, signalDbm: -71 }, deps)).toBe('applied');
    expect(await recordHeartbeat({ ...beat, waterLevel: 66, receivedAt: T + 60_000 }, deps)).toBe('ignored');
    expect(await recordHeartbeat({ ...beat, receivedAt: T + 120_000, signalDbm: -71 }, deps)).toBe('ignored'); // redelivered
    expect(await recordHeartbeat({ ...beat, stationId: 'HRL-00404', receivedAt: T }, deps)).toBe('dropped');
    expect(await recordHeartbeat({ ...beat, waterLevel: 180, receivedAt: T + 180_000 }, deps)).toBe('dropped');
    expect(await deps.machines.get('HRL-00001')).toMatchObject({ waterLevel: 64, heartbeatReceivedAt: iso(120_000), status: 'online' });
    // The heartbeat rule writes readings (functions/fleet/adapters/iot/heartbeat-ingest.ts); seeds and tools use storeReading.
    await storeReading('HRL-00001', { ...beat, counters: { ...beat.counters, failures: 0 } }, iso(60_000), deps);
    expect([...deps.telemetry.readings_.get('HRL-00001')!.values()]).toEqual([
      { at: iso(60_000), waterLevel: 64, tdsPpm: 45, temperatureC: 27.4, dispensedMl: 1200, vends: 3, failures: 0, signalDbm: null, ttl: Math.floor((T + 60_000) / 1000) + 90 * 86_400 },
    ]);
    expect(telemetryExpiry(iso(60_000))).toBe(Math.floor((T + 60_000) / 1000) + 90 * 86_400);
  });

  it('keeps applied presence events with their reason, not the ignored ones', async () => {
    const deps = await setup();
    await recordPresence({ clientId: 'HRL-00001', eventType: 'connected', timestamp: T + 1000 }, deps);
    await recordPresence({ clientId: 'HRL-00001', eventType: 'disconnected', timestamp: T + 5000, disconnectReason: 'MQTT_KEEP_ALIVE_TIMEOUT' }, deps);
    await recordPresence({ clientId: 'HRL-00001', eventType: 'connected', timestamp: T + 2000 }, deps); // older: ignored
    expect(await deps.telemetry.latestEvents('HRL-00001', 10)).toEqual([
      { at: iso(5000), kind: 'disconnected', reason: 'MQTT_KEEP_ALIVE_TIMEOUT' },
      { at: iso(1000), kind: 'connected', reason: null },
    ]);
  });

  it('answers a range a page at a time, or in buckets of averages with the last counters', async () => {
    const deps = await setup();
    for (let m = 0; m < 10; m++) await storeReading('HRL-00001', { ...beat, waterLevel: 60 + m, counters: { dispensedMl: 100 * m, vends: m, failures: 0 } }, iso(m * 60_000), deps);
    const query = (q: Record<string, unknown>) => TelemetryQuery.parse({ from: iso(0), to: iso(3_600_000), ...q });
    const first = await stationTelemetry('HRL-00001', query({ limit: 4 }), deps);
    expect(first.items.map((r) => r.waterLevel)).toEqual([60, 61, 62, 63]);
    expect(first.nextCursor).not.toBeNull();
    const buckets = await stationTelemetry('HRL-00001', query({ step: 300 }), deps);
    expect(buckets).toEqual({ nextCursor: null, items: [
      expect.objectContaining({ at: iso(0), waterLevel: 62, vends: 4, dispensedMl: 400, heartbeats: 5 }),
      expect.objectContaining({ at: iso(300_000), waterLevel: 67, vends: 9, heartbeats: 5 }),
    ] });
    await expect(stationTelemetry('HRL-00404', query({}), deps)).rejects.toMatchObject({ status: 404 } satisfies Partial<DomainError>);
  });

  it('bounds the range, the page and the buckets, with a message per field', () => {
    const issues = (q: Record<string, unknown>) => Object.fromEntries((TelemetryQuery.safeParse(q).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues({ from: iso(0), to: iso(0) })).toEqual({ to: 'to must be after from' });
    expect(issues({ from: iso(0), to: iso(32 * 86_400_000) })).toEqual({ to: 'The range is at most 31 days' });
    expect(issues({ from: iso(0), to: iso(86_400_000), step: 60 })).toEqual({ step: 'step is too small for this range (at most 1000 buckets)' });
    expect(issues({ from: 'yesterday', to: iso(0), limit: 5000 })).toMatchObject({ from: 'from must be an ISO date-time', limit: 'limit is at most 1000' });
    expect(bucketReadings([], T, 60_000)).toEqual([]);
  });
});
