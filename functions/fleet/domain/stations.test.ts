import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Log } from '../../platform/ports/log';
import type { MachineRecord, MachineUpdateCondition } from '../../stations/ports/machines';
import {
  heardFilingTime,
  heartbeatSetsOnline,
  presenceChange,
  provisionStation,
  recordHeartbeat,
  recordPresence,
  type PresenceEvent,
} from './stations';
import { HEARTBEAT_INTERVAL_SECONDS } from '@shared/constants';
import {
  MemoryAlerts,
  MemoryTickets,
  MemoryMachines,
  MemorySafetyRecords,
  MemoryTelemetry,
  counterIds,
  fixedClock,
  memorySigningKeys,
  silentLog,
} from '../../vending/domain/vend.test-fakes';
import { DomainError } from '../../platform/domain/errors';
import { defaultSettings as settingDefaults, type Settings } from '@shared/schemas/settings';

const T = Date.parse('2026-03-01T08:00:00Z');
const defaultSettings = { get: async () => settingDefaults(), save: async (s: Settings) => s };
const iso = (ms: number) => new Date(T + ms).toISOString();
const event = (eventType: 'connected' | 'disconnected', ms: number, extra: Partial<PresenceEvent> = {}): PresenceEvent => ({ clientId: 'HRL-00001', eventType, timestamp: T + ms, ...extra });

describe('presence ordering', () => {
  it('applies a newer event and ignores older or duplicate ones', () => {
    const record: Pick<MachineRecord, 'status' | 'presenceAt'> = { status: 'online', presenceAt: iso(2000) };
    expect(presenceChange(record, event('disconnected', 3000))).toEqual({ presenceAt: iso(3000), status: 'offline', connection: { state: 'disconnected', at: iso(3000), reason: null } });
    expect(presenceChange(record, event('disconnected', 1000))).toBeNull();
    expect(presenceChange(record, event('connected', 2000))).toBeNull();
    expect(presenceChange({ status: 'offline' }, event('connected', 0))).toEqual({ presenceAt: iso(0), status: 'online', connection: { state: 'connected', at: iso(0), reason: null } });
  });

  it("keeps IoT Core's disconnect reason, so a dropped link is told apart from a clean goodbye", () => {
    expect(presenceChange({ status: 'online' }, event('disconnected', 10, { disconnectReason: 'MQTT_KEEP_ALIVE_TIMEOUT' }))?.connection).toEqual({ state: 'disconnected', at: iso(10), reason: 'MQTT_KEEP_ALIVE_TIMEOUT' });
    expect(presenceChange({ status: 'online' }, event('disconnected', 10, { disconnectReason: 'CLIENT_INITIATED_DISCONNECT' }))?.connection.reason).toBe('CLIENT_INITIATED_DISCONNECT');
  });

  it('ignores the disconnect of a session that a newer connection replaced', () => {
    expect(presenceChange({ status: 'online', presenceAt: iso(0) }, event('disconnected', 5000, { disconnectReason: 'DUPLICATE_CLIENTID' }))).toBeNull();
  });

  it("records the time but keeps an admin's maintenance or locked status", () => {
    expect(presenceChange({ status: 'maintenance' }, event('connected', 10))).toEqual({ presenceAt: iso(10), connection: { state: 'connected', at: iso(10), reason: null } });
    expect(presenceChange({ status: 'locked', presenceAt: iso(0) }, event('disconnected', 10))).toEqual({ presenceAt: iso(10), connection: { state: 'disconnected', at: iso(10), reason: null } });
  });

  it('ends with the newest event whatever order and duplication the events arrive in', async () => {
    await fc.assert(fc.asyncProperty(
      fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 12 }),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      fc.integer({ min: 0, max: 11 }),
      async (times, kinds, duplicates) => {
        const events = times.map((t, i) => event(kinds[i] ? 'connected' : 'disconnected', t));
        const delivered = fc.sample(fc.shuffledSubarray([...events, ...events.slice(0, duplicates)], { minLength: events.length + Math.min(duplicates, events.length) }), 1)[0]!;
        const machines = new MemoryMachines();
        await machines.create({ id: 'HRL-00001', status: 'offline', createdAt: iso(0), updatedAt: iso(0) });
        for (const e of delivered) await recordPresence(e, { machines, telemetry: new MemoryTelemetry(), clock: fixedClock(new Date(T)), log: silentLog });
        const newest = events.reduce((a, b) => (b.timestamp > a.timestamp ? b : a));
        const stored = (await machines.get('HRL-00001'))!;
        expect(stored.status).toBe(newest.eventType === 'connected' ? 'online' : 'offline');
        expect(stored.presenceAt).toBe(new Date(newest.timestamp).toISOString());
      },
    ), { numRuns: 200 });
  });

  it('ignores clients that are not stations and drops malformed events', async () => {
    const deps = { machines: new MemoryMachines(), telemetry: new MemoryTelemetry(), clock: fixedClock(new Date(T)), log: silentLog };
    expect(await recordPresence({ ...event('connected', 0), clientId: 'backend-1' }, deps)).toBe('ignored');
    expect(await recordPresence({ clientId: 'HRL-00001', eventType: 'subscribed', timestamp: T }, deps)).toBe('dropped');
    expect(await recordPresence(event('connected', 0), deps)).toBe('dropped'); // unknown station
  });
});

describe('heartbeats', () => {
  const valid = { stationId: 'HRL-00001', waterLevel: 64, quality: { tdsPpm: 45, temperatureC: 27.4 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 1200, vends: 3 } };
  const setup = async (record: Partial<MachineRecord> = {}) => {
    const machines = new MemoryMachines();
    await machines.create({ id: 'HRL-00001', status: 'offline', createdAt: iso(0), updatedAt: iso(0), ...record });
    const lines: [level: string, message: string][] = [];
    const log: Log = { info: (message) => lines.push(['info', message]), warn: (message) => lines.push(['warn', message]) };
    return { machines, telemetry: new MemoryTelemetry(), alerts: new MemoryAlerts(machines), tickets: new MemoryTickets(), settings: defaultSettings, safetyRecords: new MemorySafetyRecords(), ids: counterIds(), clock: fixedClock(new Date(T + 60_000)), log, lines };
  };

  it('stores level, quality, firmware and counters, sets lastHeartbeat and moves the station online', async () => {
    const deps = await setup();
    expect(await recordHeartbeat({ ...valid, lastRefill: '2026-02-28T06:00:00.000Z' }, deps)).toBe('applied');
    expect(await deps.machines.get('HRL-00001')).toMatchObject({
      status: 'online', lastHeartbeat: iso(60_000), waterLevel: 64, quality: { tdsPpm: 45, temperatureC: 27.4 }, firmwareVersion: '1.4.2',
      counters: { dispensedMl: 1200, vends: 3, failures: 0 }, lastRefill: '2026-02-28T06:00:00.000Z',
    });
  });

  it.each([
    ['a water level above 100', { waterLevel: 101 }],
    ['a water level as text', { waterLevel: '64' }],
    ['negative TDS', { quality: { tdsPpm: -1, temperatureC: 20 } }],
    ['no firmware version', { firmwareVersion: '' }],
    ['no counters', { counters: undefined }],
    ['no station id', { stationId: undefined }],
    ['a station id that is no station id', { stationId: '../admin' }],
  ])('logs and drops a heartbeat with %s', async (_label, change) => {
    const deps = await setup();
    const before = await deps.machines.get('HRL-00001');
    expect(await recordHeartbeat({ ...valid, ...change }, deps)).toBe('dropped');
    expect(await deps.machines.get('HRL-00001')).toEqual(before);
  });

  it("never overrides an admin's maintenance or locked status", async () => {
    for (const status of ['maintenance', 'locked'] as const) {
      const deps = await setup({ status });
      await recordHeartbeat(valid, deps);
      expect(await deps.machines.get('HRL-00001')).toMatchObject({ status, waterLevel: 64 });
    }
  });

  it('does not bring a station back online with a heartbeat the broker received before its last disconnect', async () => {
    expect(heartbeatSetsOnline({ status: 'offline', presenceAt: iso(5000) }, iso(4000))).toBe(false);
    expect(heartbeatSetsOnline({ status: 'offline', presenceAt: iso(5000) }, iso(6000))).toBe(true);
    expect(heartbeatSetsOnline({ status: 'offline' }, iso(0))).toBe(true);
    // Handled at 60 s, after the disconnect at 59 s, but received at 58 s: by the broker's clock it is older.
    const deps = await setup({ presenceAt: iso(59_000) });
    expect(await recordHeartbeat({ ...valid, receivedAt: T + 58_000 }, deps)).toBe('applied');
    expect(await deps.machines.get('HRL-00001')).toMatchObject({ status: 'offline', waterLevel: 64 });
    expect(await recordHeartbeat({ ...valid, receivedAt: T + 59_500 }, deps)).toBe('applied');
    expect(await deps.machines.get('HRL-00001')).toMatchObject({ status: 'online' });
  });

  it('ignores a heartbeat received before the stored one, writing nothing, and still applies newer ones', async () => {
    const deps = await setup();
    const beat = (receivedAt: number, uptimeSeconds: number, waterLevel: number) =>
      recordHeartbeat({ ...valid, waterLevel, counters: { ...valid.counters, uptimeSeconds }, receivedAt: T + receivedAt }, deps);
    expect(await beat(30_000, 25, 70)).toBe('applied');
    const stored = await deps.machines.get('HRL-00001');
    expect(stored).toMatchObject({ status: 'online', waterLevel: 70, counters: { uptimeSeconds: 25 }, heartbeatReceivedAt: iso(30_000) });

    expect(await beat(29_000, 24, 20)).toBe('ignored'); // an older one, retried late
    expect(await beat(30_000, 25, 70)).toBe('ignored'); // the same one delivered again
    expect(await deps.machines.get('HRL-00001')).toEqual(stored);
    expect(deps.lines).toEqual([['info', 'heartbeat ignored: not newer than the stored one'], ['info', 'heartbeat ignored: not newer than the stored one']]);

    expect(await beat(31_000, 26, 69)).toBe('applied');
    expect(await deps.machines.get('HRL-00001')).toMatchObject({ waterLevel: 69, counters: { uptimeSeconds: 26 }, heartbeatReceivedAt: iso(31_000) });
  });

  it("takes the handler's clock for a heartbeat without receivedAt", async () => {
    const deps = await setup({ heartbeatReceivedAt: iso(59_000) });
    expect(await recordHeartbeat(valid, deps)).toBe('applied');
    expect(await deps.machines.get('HRL-00001')).toMatchObject({ waterLevel: 64, heartbeatReceivedAt: iso(60_000), lastHeartbeat: iso(60_000) });
    expect(await recordHeartbeat({ ...valid, waterLevel: 10, receivedAt: T + 59_999 }, deps)).toBe('ignored');
  });

  it('still drops, with a warning, the heartbeat of an unknown station', async () => {
    const deps = await setup();
    expect(await recordHeartbeat({ ...valid, stationId: 'HRL-00404' }, deps)).toBe('dropped');
    expect(deps.lines).toEqual([['warn', 'heartbeat dropped: unknown station']]);
    expect(await deps.machines.get('HRL-00404')).toBeNull();
  });

  it('ends with the newest heartbeat whatever order and duplication they are handled in', async () => {
    await fc.assert(fc.asyncProperty(
      fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 12 }).chain((times) => fc.shuffledSubarray([...times, ...times], { minLength: 1 })),
      async (delivered) => {
        const deps = await setup();
        let newest = 0;
        for (const t of delivered) {
          // uptimeSeconds tells the heartbeats apart in the stored record.
          const outcome = await recordHeartbeat({ ...valid, counters: { ...valid.counters, uptimeSeconds: t }, receivedAt: T + t }, deps);
          expect(outcome).toBe(t > newest ? 'applied' : 'ignored');
          newest = Math.max(newest, t);
        }
        expect(await deps.machines.get('HRL-00001')).toMatchObject({ counters: { uptimeSeconds: newest }, heartbeatReceivedAt: iso(newest) });
      },
    ), { numRuns: 200 });
  });
});

describe('provisioning', () => {
  const input = { id: 'HRL-00099', name: 'New Station', location: 'Jl. Raya Ubud', latitude: '-8.5', longitude: '115.26', status: 'online' as const };
  const registry = { calls: [] as string[], async provision(id: string) {
    this.calls.push(id);
    return { certificateId: 'cert-1', certificatePem: 'CERT', privateKeyPem: 'fake-station-private-key', rootCaPem: 'CA', endpoint: 'mqtts://x' };
  } };

  it('stores the machine without the key and returns the bundle once, with the vend public key', async () => {
    const machines = new MemoryMachines();
    const signingKeys = await memorySigningKeys();
    const result = await provisionStation(input, { machines, registry, signingKeys, clock: fixedClock(new Date(T)), settings: { heartbeatIntervalSeconds: 60, pricePerLitre: 1000 } });
    expect(result.bundle).toEqual({ certificatePem: 'CERT', privateKeyPem: 'fake-station-private-key', rootCaPem: 'CA', endpoint: 'mqtts://x', vendPublicKeyPem: await signingKeys.publicKeyPem() });
    expect(result.machine).toMatchObject({ id: 'HRL-00099', name: 'New Station', status: 'online', createdAt: iso(0) });
    const stored = (await machines.get('HRL-00099'))!;
    expect(stored).toMatchObject({ maxFillMl: 1500, certificateId: 'cert-1' });
    expect(JSON.stringify(stored)).not.toContain('fake-station-private-key');
  });

  it('refuses a taken id with 409 before creating any certificate', async () => {
    const machines = new MemoryMachines();
    await machines.create({ id: 'HRL-00099', status: 'online', createdAt: iso(0), updatedAt: iso(0) });
    registry.calls.length = 0;
    const error = await provisionStation(input, { machines, registry, signingKeys: await memorySigningKeys(), clock: fixedClock(new Date(T)), settings: { heartbeatIntervalSeconds: 60, pricePerLitre: 1000 } }).then(() => null, (e: unknown) => e);
    expect((error as DomainError).status).toBe(409);
    expect(registry.calls).toEqual([]);
  });
});

describe('heard index filing', () => {
  it('rounds the receive time down to a grid that keeps a healthy station after the offline threshold', () => {
    // 15 min threshold: one interval (300 s) and 60 s of slack less, a 540 s grid (counted from the epoch).
    expect(heardFilingTime('2026-03-01T08:13:20.500Z', 15)).toBe('2026-03-01T08:06:00.000Z');
    expect(heardFilingTime('2026-03-01T08:14:59.999Z', 15)).toBe('2026-03-01T08:06:00.000Z');
    expect(heardFilingTime('2026-03-01T08:15:00.000Z', 15)).toBe('2026-03-01T08:15:00.000Z');
    // A threshold within one interval and the slack: the exact time, as before.
    expect(heardFilingTime('2026-03-01T08:13:20.500Z', 6)).toBe('2026-03-01T08:13:20.500Z');
    // The alert off: hourly.
    expect(heardFilingTime('2026-03-01T08:13:20.500Z', 0)).toBe('2026-03-01T08:00:00.000Z');
  });

  it('never files a station later than heard, nor a heard station before the threshold less one interval', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 1440 }), (ms, minutes) => {
      const receivedAt = new Date(T + ms).toISOString();
      const filed = Date.parse(heardFilingTime(receivedAt, minutes));
      expect(filed).toBeLessThanOrEqual(T + ms);
      if (minutes > 0) expect(T + ms - filed).toBeLessThan(Math.max(1, minutes * 60 - HEARTBEAT_INTERVAL_SECONDS) * 1000);
    }));
  });

  it('files the station at the rounded time with each heartbeat', async () => {
    const filed: string[] = [];
    const machines = new (class extends MemoryMachines {
      override async update(id: string, fields: Partial<MachineRecord>, condition?: MachineUpdateCondition, filing?: { heardAt: string }) {
        if (filing) filed.push(filing.heardAt);
        return super.update(id, fields, condition);
      }
    })();
    await machines.create({ id: 'HRL-00001', status: 'offline', createdAt: iso(0), updatedAt: iso(0) });
    const deps = { machines, alerts: new MemoryAlerts(machines), tickets: new MemoryTickets(), settings: defaultSettings, safetyRecords: new MemorySafetyRecords(), clock: fixedClock(new Date(T)), ids: counterIds(), log: silentLog };
    const heartbeat = { stationId: 'HRL-00001', waterLevel: 50, quality: { tdsPpm: 40, temperatureC: 27 }, firmwareVersion: '1.0.0', counters: { dispensedMl: 0, vends: 0 } };
    await recordHeartbeat({ ...heartbeat, receivedAt: Date.parse('2026-03-01T08:13:20.000Z') }, deps);
    await recordHeartbeat({ ...heartbeat, receivedAt: Date.parse('2026-03-01T08:18:10.000Z') }, deps);
    expect(filed).toEqual([heardFilingTime('2026-03-01T08:13:20.000Z', settingDefaults().alertOfflineMinutes), heardFilingTime('2026-03-01T08:18:10.000Z', settingDefaults().alertOfflineMinutes)]);
    expect((await machines.get('HRL-00001'))?.heartbeatReceivedAt).toBe('2026-03-01T08:18:10.000Z');
  });
});
