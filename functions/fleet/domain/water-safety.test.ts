import { afterEach, describe, expect, it, vi } from 'vitest';
import { baliDate } from '@shared/bali-time';
import { defaultSettings, type Settings } from '@shared/schemas/settings';
import { SafetyRecordInput } from '@shared/schemas/water-safety';
import type { DomainError } from '../../platform/domain/errors';
import { updateAdminMachine } from './admin-machines';
import { recordHeartbeat } from './stations';
import { clearSafetyLock, createLabReportUpload, labReportLink, recordSafety, safetyOverview } from './water-safety';
import {
  MemoryAlerts,
  MemoryFiles,
  MemoryTickets,
  MemoryMachines,
  MemorySafetyRecords,
  MemoryTelemetry,
  counterIds,
  fixedClock,
  silentLog,
} from '../../vending/domain/vend.test-fakes';

const T = Date.parse('2026-03-01T08:00:00Z');
const DAY = 86_400_000;
const beat = (tdsPpm: number, at: number) => ({ stationId: 'HRL-00001', waterLevel: 60, quality: { tdsPpm, temperatureC: 27 }, firmwareVersion: '1', counters: { dispensedMl: 0, vends: 0 }, receivedAt: at });

async function setup(settings: Partial<Settings> = {}) {
  const machines = new MemoryMachines();
  await machines.create({ id: 'HRL-00001', name: 'Ubud Market', status: 'offline', connection: { state: 'connected', at: new Date(T).toISOString(), reason: null }, createdAt: new Date(T).toISOString(), updatedAt: new Date(T).toISOString() });
  const store = { get: async () => ({ ...defaultSettings(), ...settings }), save: async (s: Settings) => s };
  return { machines, alerts: new MemoryAlerts(machines), tickets: new MemoryTickets(), telemetry: new MemoryTelemetry(), settings: store, safetyRecords: new MemorySafetyRecords(), files: new MemoryFiles(), ids: counterIds(), clock: fixedClock(new Date(T)), log: silentLog };
}
const input = (value: unknown) => SafetyRecordInput.parse(value);

describe('water safety', () => {
  it('locks a station whose heartbeat reports TDS above the limit, keeps it locked through safe readings until an admin clears it', async () => {
    const deps = await setup();
    await recordHeartbeat(beat(640, T), deps);
    expect(await deps.machines.get('HRL-00001')).toMatchObject({ status: 'locked', safetyLock: { reason: 'quality', detail: 'TDS 640 ppm (above 500 ppm)' } });
    await expect(clearSafetyLock('HRL-00001', { note: 'flushed' }, 'admin:ops', deps)).rejects.toThrow(/still above the limit/);
    deps.clock.set(new Date(T + 60_000));
    await recordHeartbeat(beat(80, T + 60_000), deps);
    expect((await deps.machines.get('HRL-00001'))?.status).toBe('locked');
    const cleared = await clearSafetyLock('HRL-00001', { note: 'Replaced the membrane, flushed' }, 'admin:ops', deps);
    expect(cleared).toMatchObject({ status: 'online', waterCheck: { lockedFor: null } });
    expect((await deps.machines.get('HRL-00001'))?.safetyLock).toBeUndefined();
    expect((await safetyOverview('HRL-00001', deps)).records.map((r) => [r.kind, r.by])).toEqual([['unlocked', 'admin:ops'], ['locked', 'system']]);
    await expect(clearSafetyLock('HRL-00001', { note: 'again' }, 'admin:ops', deps)).rejects.toThrow('This station is not locked for water safety');
  });

  it('locks when sanitation is overdue (from the last visit, or from when the station was added), and a recorded visit lets the lock be cleared', async () => {
    const deps = await setup({ sanitationIntervalDays: 30 });
    deps.clock.set(new Date(T + 29 * DAY));
    await recordHeartbeat(beat(60, T + 29 * DAY), deps);
    expect((await deps.machines.get('HRL-00001'))?.safetyLock).toBeUndefined();
    deps.clock.set(new Date(T + 31 * DAY));
    await recordHeartbeat(beat(60, T + 31 * DAY), deps);
    expect((await deps.machines.get('HRL-00001'))?.safetyLock).toMatchObject({ reason: 'sanitationOverdue', detail: 'Sanitation overdue since 2026-03-31 (the last never recorded)' });
    // Refused with the cause that still holds, its detail in the reader's language too.
    const refused = await clearSafetyLock('HRL-00001', { note: 'x' }, 'admin:ops', deps).catch((error: DomainError) => error);
    expect(refused).toMatchObject({ status: 409, message: 'Sanitation is overdue: record the visit first (Sanitation overdue since 2026-03-31 (the last never recorded))' });
    expect((refused as DomainError).messageIn('id')).toBe('Sanitasi terlambat: catat dulu kunjungannya (Sanitasi terlambat sejak 2026-03-31 (terakhir belum pernah dicatat))');
    await recordSafety('HRL-00001', input({ kind: 'sanitation', date: '2026-04-01', note: 'Tank and lines' }), 'admin:tech', deps);
    expect(await safetyOverview('HRL-00001', deps)).toMatchObject({ lastSanitationAt: '2026-04-01', sanitationDueAt: '2026-05-01T00:00:00.000Z' });
    expect((await clearSafetyLock('HRL-00001', { note: 'Sanitised' }, 'admin:ops', deps)).status).toBe('online');
  });

  it('locks at once on a failed lab test; an older test recorded late changes nothing; a passing one lets it be cleared', async () => {
    const deps = await setup({ sanitationIntervalDays: 0 });
    await recordSafety('HRL-00001', input({ kind: 'labTest', date: '2026-02-27', result: 'fail', note: 'E. coli present' }), 'admin:lab', deps);
    expect(await deps.machines.get('HRL-00001')).toMatchObject({ status: 'locked', lastLabTest: { at: '2026-02-27', result: 'fail' }, safetyLock: { reason: 'labTestFailed' } });
    await recordSafety('HRL-00001', input({ kind: 'labTest', date: '2026-02-20', result: 'pass' }), 'admin:lab', deps);
    expect((await deps.machines.get('HRL-00001'))?.lastLabTest).toEqual({ at: '2026-02-27', result: 'fail' });
    await expect(clearSafetyLock('HRL-00001', { note: 'x' }, 'admin:ops', deps)).rejects.toThrow(/last lab test failed/);
    // The Edit Machine dialog cannot walk around the lock.
    await expect(updateAdminMachine('HRL-00001', { name: 'Ubud Market', location: 'Ubud', status: 'online' }, deps)).rejects.toThrow(/locked for water safety/);
    await recordSafety('HRL-00001', input({ kind: 'labTest', date: '2026-03-01', result: 'pass' }), 'admin:lab', deps);
    expect((await clearSafetyLock('HRL-00001', { note: 'Retested clean' }, 'admin:ops', deps)).waterCheck).toEqual({ lastLabTestAt: '2026-03-01', lastLabTestResult: 'pass', lastSanitationAt: null, lockedFor: null });
  });

  it("keeps a lab test's PDF under its record and links to it; refuses a missing upload, a non-PDF or one past 5 MB before recording anything", async () => {
    const deps = await setup();
    const upload = await createLabReportUpload('HRL-00001', deps);
    expect(upload).toMatchObject({ key: 'uploads/id-1', maxBytes: 5 * 1024 * 1024 });
    await expect(createLabReportUpload('HRL-09999', deps)).rejects.toMatchObject({ status: 404 });
    const key = (n: number) => `uploads/00000000-0000-4000-8000-00000000000${n}`;
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    await deps.files.write(key(1), pdf, 'application/pdf');
    await deps.files.write(key(2), Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'application/pdf');
    await deps.files.write(key(3), Uint8Array.from([...pdf, ...new Uint8Array(5 * 1024 * 1024)]), 'application/pdf');
    const refused = async (n: number, message: RegExp, field: string) => {
      const error = await recordSafety('HRL-00001', input({ kind: 'labTest', date: '2026-02-27', result: 'fail', reportKey: key(n) }), 'admin:lab', deps).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, message: expect.stringMatching(message), fields: { reportKey: field } });
    };
    await refused(2, /not a PDF/, 'Not a PDF file');
    await refused(3, /larger than 5 MB/, 'Larger than 5 MB');
    await refused(4, /not uploaded/, 'Upload the PDF first');
    expect(deps.safetyRecords.items).toEqual([]);
    expect((await deps.machines.get('HRL-00001'))?.lastLabTest).toBeUndefined();

    const record = await recordSafety('HRL-00001', input({ kind: 'labTest', date: '2026-02-28', result: 'pass', reportKey: key(1) }), 'admin:lab', deps);
    expect(record.labReport).toEqual({ bytes: pdf.length });
    expect(deps.files.objects.get(`lab-tests/${record.id}.pdf`)).toEqual({ bytes: pdf, contentType: 'application/pdf' });
    expect(deps.files.objects.has(key(1))).toBe(false);
    expect((await labReportLink('HRL-00001', record.id, deps)).url).toBe(`memory://lab-tests/${record.id}.pdf?name=lab-test-HRL-00001-2026-02-28.pdf`);
    const plain = await recordSafety('HRL-00001', input({ kind: 'labTest', date: '2026-02-28', result: 'pass' }), 'admin:lab', deps);
    await expect(labReportLink('HRL-00001', plain.id, deps)).rejects.toMatchObject({ status: 404 });
    await expect(labReportLink('HRL-00002', record.id, deps)).rejects.toMatchObject({ status: 404 });
  });

  describe('at 06:00 in Bali (22:00 UTC of the day before)', () => {
    afterEach(() => vi.useRealTimers());

    it("stores a visit with Bali's date of that day and dues the next from it; the day after is still the future", async () => {
      const sixInBali = new Date('2026-11-27T22:00:00Z');
      vi.useFakeTimers({ now: sixInBali, toFake: ['Date'] });
      const deps = await setup({ sanitationIntervalDays: 30 });
      deps.clock.set(sixInBali);
      const visit = await recordSafety('HRL-00001', input({ kind: 'sanitation', date: '2026-11-28', note: 'Early morning visit' }), 'technician:made', deps);
      expect(visit.date).toBe('2026-11-28');
      const overview = await safetyOverview('HRL-00001', deps);
      expect(overview.lastSanitationAt).toBe('2026-11-28');
      expect(baliDate(overview.sanitationDueAt!)).toBe('2026-12-28');
      expect(SafetyRecordInput.safeParse({ kind: 'sanitation', date: '2026-11-29' }).error?.issues.map((i) => i.message)).toEqual(['The date cannot be in the future']);
      // At 18:00 in Bali tomorrow is still the future, though UTC is only at 10:00.
      vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
      expect(SafetyRecordInput.safeParse({ kind: 'sanitation', date: '2026-11-29' }).success).toBe(false);
      expect(SafetyRecordInput.safeParse({ kind: 'sanitation', date: '2026-11-28' }).success).toBe(true);
    });
  });

  it('validates what an admin records', () => {
    const issues = (value: unknown) => { const r = SafetyRecordInput.safeParse(value); return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]); };
    expect(issues({ kind: 'labTest', date: '2026-13-01' })).toEqual([['date', 'Enter a date (YYYY-MM-DD)'], ['result', 'The result is pass or fail']]);
    expect(issues({ kind: 'sanitation', date: '2999-01-01' })).toEqual([['date', 'The date cannot be in the future']]);
    expect(issues({ kind: 'repaint', date: '2026-01-01' })).toEqual([['kind', 'kind is sanitation or labTest']]);
    expect(issues({ kind: 'labTest', date: '2026-01-01', result: 'pass', reportKey: 'lab-tests/other.pdf' })).toEqual([['reportKey', 'Not an uploaded PDF']]);
  });
});
