import { describe, expect, it } from 'vitest';
import { defaultSettings, Settings as SettingsSchema, type Settings } from '@shared/schemas/settings';
import { FLEET_ALERT_SCOPE } from '@shared/schemas/alert';
import type { DeadLetters } from '../../platform/ports/dead-letters';
import type { Email, Mailer } from '../../platform/ports/mailer';
import { alertDetail } from './alert-details';
import { alertRecipients, failureWindow, listAlerts, sweepAlerts } from './alerts';
import { recordHeartbeat } from './stations';
import {
  MemoryAlerts,
  MemoryMachines,
  MemorySafetyRecords,
  MemoryTelemetry,
  MemoryTickets,
  counterIds,
  fixedClock,
  silentLog,
} from '../../vending/domain/vend.test-fakes';

const T = Date.parse('2026-03-01T08:00:00Z');
const HOUR = 3_600_000;
const beat = (vends: number, at: number) => ({ stationId: 'HRL-00001', waterLevel: 60, quality: { tdsPpm: 40, temperatureC: 27 }, firmwareVersion: '1', counters: { dispensedMl: vends * 500, vends }, receivedAt: at });

async function setup(settings: Partial<Settings> = {}) {
  const machines = new MemoryMachines();
  await machines.create({ id: 'HRL-00001', name: 'Ubud Market', status: 'online', createdAt: new Date(T).toISOString(), updatedAt: new Date(T).toISOString() });
  const clock = fixedClock(new Date(T));
  const sent: Email[] = [];
  const mailer: Mailer = { send: async (email) => (sent.push(email), { messageId: String(sent.length) }), linkTo: (path) => `https://refill.example${path}` };
  const store = { get: async () => ({ ...defaultSettings(), ...settings }), save: async (s: Settings) => s };
  // What the dead-letter queues hold; a test sets it.
  const queued = { RuleErrors: 0, AsyncFailures: 0 };
  const deadLetters: DeadLetters = { waiting: async () => Object.entries(queued).map(([queue, messages]) => ({ queue, messages })) };
  return { machines, alerts: new MemoryAlerts(machines), tickets: new MemoryTickets(), telemetry: new MemoryTelemetry(), settings: store, safetyRecords: new MemorySafetyRecords(), ids: counterIds(), clock, log: silentLog, mailer, sent, deadLetters, queued };
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
    expect([...deps.alerts.items.values()]).toEqual([expect.objectContaining({ rule: 'noVend', status: 'open', detail: 'No vend for 12 h while online (the last at 1 Mar 2026, 16:00 WITA)' })]);
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
    const named = { ...defaultSettings(), alertOfflineMinutes: 10, alertRepeatMinutes: 30, alertRecipients: 'ops@example.com, lead@example.com' };
    expect(await sweepAlerts(deps, named)).toEqual({ opened: 0, emailed: 1, errors: 0 });
    expect(deps.sent.map((e) => [e.to, e.subject])).toEqual([
      ['ops@example.com', 'Station offline: Ubud Market (HRL-00001)'],
      ['lead@example.com', 'Station offline: Ubud Market (HRL-00001)'],
    ]);
    expect(await sweepAlerts(deps, named)).toEqual({ opened: 0, emailed: 0, errors: 0 });
    deps.clock.set(new Date(T + 41 * 60_000));
    expect(await sweepAlerts(deps, named)).toEqual({ opened: 0, emailed: 1, errors: 0 });
    expect(deps.sent.at(-1)?.subject).toBe('Reminder: Station offline: Ubud Market (HRL-00001)');
    // When it opened, on Bali's clock with its zone (08:11 UTC is 16:11 in Bali), not an ISO instant.
    expect(deps.sent.at(-1)?.text).toContain('Open since 1 Mar 2026, 16:11 WITA.');
  });

  it('e-mails an alert whose rule names someone even behind more than a sweep\'s batch of alerts that name nobody', async () => {
    const deps = await setup({ alertOfflineMinutes: 10, alertLowWaterRecipients: 'water@example.com' });
    for (let i = 2; i <= 250; i++) {
      const id = `HRL-${String(i).padStart(5, '0')}`;
      await deps.machines.create({ id, name: `Station ${i}`, status: 'online', createdAt: new Date(T).toISOString(), updatedAt: new Date(T).toISOString() });
    }
    await recordHeartbeat({ ...beat(1, T), waterLevel: 50 }, deps);
    deps.clock.set(new Date(T + 11 * 60_000));
    // 249 silent stations, opened a hundred per sweep; nobody is named for offline alerts, so they all stay due.
    for (let sweep = 0; sweep < 3; sweep++) await sweepAlerts(deps);
    expect([...deps.alerts.items.values()].filter((a) => a.rule === 'offline')).toHaveLength(250);
    await recordHeartbeat({ ...beat(2, T + 12 * 60_000), waterLevel: 5 }, deps);
    deps.clock.set(new Date(T + 12 * 60_000));
    expect(await sweepAlerts(deps)).toMatchObject({ emailed: 1 });
    expect(deps.sent.map((e) => [e.to, e.subject])).toEqual([['water@example.com', 'Water level low: Ubud Market (HRL-00001)']]);
  });

  it('repeats a rule with its own interval on that interval, and the other rules on the general one', async () => {
    const deps = await setup({ alertOfflineMinutes: 10, alertRepeatMinutes: 30, alertOfflineRepeatMinutes: 10, alertRecipients: 'ops@example.com' });
    await recordHeartbeat({ ...beat(1, T), waterLevel: 3 }, deps);
    const at = async (minutes: number) => {
      deps.clock.set(new Date(T + minutes * 60_000));
      const before = deps.sent.length;
      await sweepAlerts(deps);
      return deps.sent.slice(before).map((e) => e.subject.replace(/: Ubud Market \(HRL-00001\)$/, '')).sort();
    };
    expect(await at(11)).toEqual(['Station offline', 'Water level low']);
    expect(await at(20)).toEqual([]);
    expect(await at(22)).toEqual(['Reminder: Station offline']);
    expect(await at(33)).toEqual(['Reminder: Station offline']);
    expect(await at(40)).toEqual([]);
    expect(await at(42)).toEqual(['Reminder: Water level low']);
    expect(await at(44)).toEqual(['Reminder: Station offline']);
  });

  it('takes 0 (the general interval) or 5 to 1440 minutes as a rule\'s own repeat', () => {
    expect(SettingsSchema.parse({}).alertQualityRepeatMinutes).toBe(0);
    expect(SettingsSchema.safeParse({ alertQualityRepeatMinutes: 15 }).success).toBe(true);
    for (const bad of [3, 1441, -1, 7.5]) expect(SettingsSchema.safeParse({ alertQualityRepeatMinutes: bad }).success, String(bad)).toBe(false);
  });

  it('raises nothing for a station an admin took out of service', async () => {
    const deps = await setup({ alertOfflineMinutes: 10 });
    await recordHeartbeat({ ...beat(1, T), waterLevel: 3 }, deps);
    expect([...deps.alerts.items.values()].map((a) => a.rule)).toEqual(['lowWater']);
    await deps.machines.update('HRL-00001', { status: 'maintenance' });
    deps.clock.set(new Date(T + 11 * 60_000));
    expect((await sweepAlerts(deps)).opened).toBe(0);
  });

  it('opens a filter alert below the threshold, keeps it through heartbeats without filter readings, resolves it after a change', async () => {
    const deps = await setup();
    await recordHeartbeat({ ...beat(1, T), filter: { litres: 5400, lifePercent: 9 } }, deps);
    expect([...deps.alerts.items.values()]).toEqual([expect.objectContaining({ rule: 'filterLife', status: 'open', detail: 'Filter life 9% (below 10%)' })]);
    expect((await deps.machines.get('HRL-00001'))?.filter).toEqual({ litres: 5400, lifePercent: 9 });
    await recordHeartbeat(beat(1, T + 60_000), deps);
    expect([...deps.alerts.items.values()].map((a) => a.status)).toEqual(['open']);
    await recordHeartbeat({ ...beat(1, T + 120_000), filter: { litres: 0, lifePercent: 100 } }, deps);
    expect([...deps.alerts.items.values()].map((a) => a.status)).toEqual(['resolved']);
  });

  it('judges vend failures per window of 10 attempts: 3 of 10 failed opens (above 25%), a clean window resolves', async () => {
    const deps = await setup();
    const at = (n: number) => T + n * 60_000;
    const hb = (vends: number, failures: number, n: number) => recordHeartbeat({ ...beat(vends, at(n)), counters: { dispensedMl: 0, vends, failures } }, deps);
    await hb(0, 0, 0);
    await hb(5, 2, 1); // 7 attempts: the window is not full
    expect(deps.alerts.items.size).toBe(0);
    await hb(7, 3, 2); // 10 attempts, 3 failed
    expect([...deps.alerts.items.values()]).toEqual([expect.objectContaining({ rule: 'vendFailures', status: 'open', detail: '3 of the last 10 vends failed (30%, above 25%)' })]);
    await hb(12, 3, 3); // 5 more, none failed: not judged yet
    expect([...deps.alerts.items.values()][0]?.status).toBe('open');
    await hb(17, 3, 4);
    expect([...deps.alerts.items.values()][0]?.status).toBe('resolved');
    // A restart sets the counters back: a new window starts, nothing is judged on the drop.
    expect(failureWindow({ vends: 17, failures: 3 }, { vends: 2, failures: 0 })).toEqual({ next: { vends: 2, failures: 0 } });
  });

  it("answers details in the request's language from the stored facts; the stored detail and an older alert stay English", async () => {
    const deps = await setup();
    await recordHeartbeat({ ...beat(1, T), waterLevel: 7.5, quality: { tdsPpm: 420, temperatureC: 27 }, filter: { litres: 5400, lifePercent: 4 } }, deps);
    const older = { stationId: 'HRL-00002', stationName: 'Old', rule: 'lowWater' as const, status: 'open' as const, detail: 'Water level 3% (below 15%)', openedAt: new Date(T - HOUR).toISOString(), notifications: 0 };
    deps.alerts.items.set('older', older);
    const query = { status: 'active' as const, limit: 50 };
    const details = async (language?: 'en' | 'id') => (await listAlerts(query, deps, language)).items.map((a) => a.detail).sort();
    expect(await details('id')).toEqual(['Sisa umur filter 4% (di bawah 10%)', 'TDS 420 ppm (di atas 300 ppm)', 'Tingkat air 7,5% (di bawah 15%)', 'Water level 3% (below 15%)']);
    const english = ['Filter life 4% (below 10%)', 'TDS 420 ppm (above 300 ppm)', 'Water level 3% (below 15%)', 'Water level 7.5% (below 15%)'];
    expect(await details('en')).toEqual(english);
    expect(await details()).toEqual(english);
    expect([...deps.alerts.items.values()].map((a) => a.detail).sort()).toEqual(english);
  });

  it('finds a station that never sent a heartbeat, from when it was added', async () => {
    const deps = await setup({ alertOfflineMinutes: 10 });
    deps.clock.set(new Date(T + 9 * 60_000));
    expect((await sweepAlerts(deps)).opened).toBe(0);
    deps.clock.set(new Date(T + 11 * 60_000));
    expect((await sweepAlerts(deps)).opened).toBe(1);
    expect([...deps.alerts.items.values()]).toEqual([expect.objectContaining({ rule: 'offline', detail: 'Never sent a heartbeat since it was added at 1 Mar 2026, 16:00 WITA' })]);
  });

  it("says why a dropped station disconnected in words of each language, not IoT Core's code", () => {
    const facts = { kind: 'offline', minutes: 10, lastAt: '2026-03-01T08:00:00Z', disconnected: { at: '2026-03-01T08:01:00Z', reason: 'CONNECTION_LOST' } } as const;
    expect(alertDetail(facts)).toEqual({
      en: 'No heartbeat for more than 10 min: the last at 1 Mar 2026, 16:00 WITA, disconnected (connection lost) at 1 Mar 2026, 16:01 WITA',
      id: expect.stringContaining(', terputus (koneksi terputus) pada '),
    });
    // A reason IoT Core adds later reads as words too.
    expect(alertDetail({ ...facts, disconnected: { ...facts.disconnected, reason: 'NEW_REASON' } }).en).toContain('disconnected (new reason) at');
  });

  it("tells each rule's own recipients, else the general ones, else the operations address", async () => {
    const settings = { ...defaultSettings(), alertRecipients: 'ops@example.com', alertFilterLifeRecipients: 'Tech@Example.com, tech@example.com, lead@example.com' };
    expect(alertRecipients(settings, 'filterLife', 'noc@example.com')).toEqual(['tech@example.com', 'lead@example.com']);
    expect(alertRecipients(settings, 'offline', 'noc@example.com')).toEqual(['ops@example.com']);
    expect(alertRecipients(defaultSettings(), 'offline', 'noc@example.com')).toEqual(['noc@example.com']);
    expect(alertRecipients(defaultSettings(), 'offline', undefined)).toEqual([]);
    const bad = SettingsSchema.safeParse({ alertQualityRecipients: 'lab@example.com, not-an-address' });
    expect(bad.success ? null : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['alertQualityRecipients', 'Not an e-mail address: not-an-address (separate addresses with commas)']]);

    // With no setting, the sweep e-mails the operations address; without one either, the alert waits.
    const deps = await setup({ alertOfflineMinutes: 10 });
    deps.clock.set(new Date(T + 11 * 60_000));
    expect(await sweepAlerts(deps)).toEqual({ opened: 1, emailed: 0, errors: 0 });
    expect(await sweepAlerts({ ...deps, operationsEmail: 'noc@example.com' })).toEqual({ opened: 0, emailed: 1, errors: 0 });
    expect(deps.sent.map((e) => e.to)).toEqual(['noc@example.com']);
  });

  it('opens one fleet alert while the dead-letter queues hold messages, e-mails its recipients, resolves it when drained', async () => {
    const deps = await setup({ alertDeadLettersRecipients: 'dev@example.com' });
    expect(await sweepAlerts(deps)).toEqual({ opened: 0, emailed: 0, errors: 0 });
    deps.queued.AsyncFailures = 2;
    expect(await sweepAlerts(deps)).toEqual({ opened: 1, emailed: 1, errors: 0 });
    expect(await sweepAlerts(deps)).toEqual({ opened: 0, emailed: 0, errors: 0 });
    const [alert] = [...deps.alerts.items.values()];
    expect(alert).toMatchObject({ stationId: FLEET_ALERT_SCOPE, rule: 'deadLetters', status: 'open' });
    expect(alert?.detail).toContain('2 message(s) waiting: AsyncFailures 2');
    expect(deps.sent.map((e) => [e.to, e.subject])).toEqual([['dev@example.com', 'Messages in a dead-letter queue: Back end (FLEET)']]);
    deps.queued.AsyncFailures = 0;
    await sweepAlerts(deps);
    expect(alert?.status).toBe('resolved');
    // A queue that cannot be read is an error of this sweep, not an alert.
    const failing = { ...deps, deadLetters: { waiting: async () => Promise.reject(new Error('AccessDenied')) } };
    expect(await sweepAlerts(failing)).toEqual({ opened: 0, emailed: 0, errors: 1 });
  });
});
