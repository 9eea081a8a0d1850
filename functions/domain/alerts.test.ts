import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@shared/schemas';
import type { Email, Mailer } from '../ports/mailer';
import { sweepAlerts } from './alerts';
import { recordHeartbeat } from './stations';
import { MemoryAlerts, MemoryMachines, MemoryTelemetry, fixedClock, silentLog } from './vend.test-fakes';

const T = Date.parse('2026-03-01T08:00:00Z');
const HOUR = 3_600_000;
const beat = (vends: number, at: number) => ({ stationId: 'HRL-00001', waterLevel: 60, quality: { tdsPpm: 40, temperatureC: 27 }, firmwareVersion: '1', counters: { dispensedMl: vends * 500, vends }, receivedAt: at });

async function setup(settings: Partial<Settings> = {}) {
  const machines = new MemoryMachines();
  await machines.create({ id: 'HRL-00001', name: 'Ubud Market', status: 'online', createdAt: new Date(T).toISOString(), updatedAt: new Date(T).toISOString() });
  const clock = fixedClock(new Date(T));
  const sent: Email[] = [];
  const mailer: Mailer = { send: async (email) => (sent.push(email), { messageId: String(sent.length) }) };
  const store = { get: async () => ({ ...DEFAULT_SETTINGS, ...settings }), save: async (s: Settings) => s };
  return { machines, alerts: new MemoryAlerts(machines), telemetry: new MemoryTelemetry(), settings: store, clock, log: silentLog, mailer, sent };
}

describe('alert rules', () => {
  it('raises a no-vend alert after 12 h of heartbeats without a vend, and resolves it at the next vend', async () => {
    const deps = await setup();
    await recordHeartbeat(beat(3, T), deps);
    deps.clock.set(new Date(T + 11 * HOUR));
    await recordHeartbeat(beat(3, T + 11 * HOUR), deps);
    expect(deps.alerts.items.size).toBe(0);
    deps.clock.set(new Date(T + 12 * HOUR));
    await recordHeartbeat(beat(3, T + 12 * HOUR), deps);
    deps.clock.set(new Date(T + 13 * HOUR));
    await recordHeartbeat(beat(3, T + 13 * HOUR), deps);
    expect([...deps.alerts.items.values()]).toEqual([expect.objectContaining({ rule: 'noVend', status: 'open', detail: 'No vend for 12 h while online (the last at 2026-03-01T08:00:00.000Z)' })]);
    deps.clock.set(new Date(T + 14 * HOUR));
    await recordHeartbeat(beat(4, T + 14 * HOUR), deps);
    expect([...deps.alerts.items.values()]).toEqual([expect.objectContaining({ rule: 'noVend', status: 'resolved', resolvedAt: new Date(T + 14 * HOUR).toISOString() })]);
  });

  it('opens one offline alert for a silent station, keeps it due while nobody is named, then e-mails it and its reminders', async () => {
    const deps = await setup({ alertOfflineMinutes: 10, alertRepeatMinutes: 30 });
    await recordHeartbeat(beat(1, T), deps);
    deps.clock.set(new Date(T + 11 * 60_000));
    expect(await sweepAlerts(deps)).toEqual({ opened: 1, emailed: 0, errors: 0 });
    expect(await sweepAlerts(deps)).toEqual({ opened: 0, emailed: 0, errors: 0 });
    const named = { ...DEFAULT_SETTINGS, alertOfflineMinutes: 10, alertRepeatMinutes: 30, alertRecipients: 'ops@example.com, lead@example.com' };
    expect(await sweepAlerts(deps, named)).toEqual({ opened: 0, emailed: 1, errors: 0 });
    expect(deps.sent.map((e) => [e.to, e.subject])).toEqual([
      ['ops@example.com', 'Station offline: Ubud Market (HRL-00001)'],
      ['lead@example.com', 'Station offline: Ubud Market (HRL-00001)'],
    ]);
    expect(await sweepAlerts(deps, named)).toEqual({ opened: 0, emailed: 0, errors: 0 });
    deps.clock.set(new Date(T + 41 * 60_000));
    expect(await sweepAlerts(deps, named)).toEqual({ opened: 0, emailed: 1, errors: 0 });
    expect(deps.sent.at(-1)?.subject).toBe('Reminder: Station offline: Ubud Market (HRL-00001)');
  });

  it('raises nothing for a station an admin took out of service', async () => {
    const deps = await setup({ alertOfflineMinutes: 10 });
    await recordHeartbeat({ ...beat(1, T), waterLevel: 3 }, deps);
    expect([...deps.alerts.items.values()].map((a) => a.rule)).toEqual(['lowWater']);
    await deps.machines.update('HRL-00001', { status: 'maintenance' });
    deps.clock.set(new Date(T + 11 * 60_000));
    expect((await sweepAlerts(deps)).opened).toBe(0);
  });
});
