import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Machine, SafetyOverview, SafetyRecord } from '@shared/schemas';
import { asAdmin, repositories } from '../support/admin';
import { bearer, newAccount } from '../support/auth';
import { apiFetch } from '../support/local';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

/**
 * Issue 16's "Done when", water safety: a quality breach locks the station and a vend there is denied with the
 * reason; an admin records lab tests and sanitation visits and clears the lock once its cause is gone.
 */
let p: Provisioned;
let user: { sub: string; token: string };
const machine = async (id = p.machine.id) => {
  const { status, body } = await apiFetch(`/api/machines/${id}`);
  expect(status).toBe(200);
  return Machine.parse(body);
};
const overview = async (id = p.machine.id) => {
  const { status, body } = await asAdmin(`/api/admin/machines/${id}/safety`);
  expect(status, JSON.stringify(body)).toBe(200);
  return SafetyOverview.parse(body);
};
const nfcToken = async () => {
  const { status, body } = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: bearer(user.token) });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as { token: string }).token;
};
const reading = (tdsPpm: number) => ({ waterLevel: 80, quality: { tdsPpm, temperatureC: 27 } });

beforeAll(async () => {
  await workerServices();
  p = await provision('Safety Test Station');
  const account = await newAccount('safetytester');
  user = { sub: account.sub, token: account.token };
  const { users, ledger } = repositories();
  await users.ensure({ id: user.sub, username: account.email, firstName: 'Safety', lastName: 'Tester', email: account.email }, new Date().toISOString());
  await ledger.post(user.sub, 'topup', 5_000, `test-topup:${user.sub}`, { reference: `order-${user.sub}`, actor: 'gateway', paymentMethod: 'qris' });
});
afterAll(closeStations);

describe('water safety over the broker and the API', () => {
  it('locks a station on a quality breach, denies its vends with the reason in English and Indonesian, and an admin clears it once the water is safe', async () => {
    const station = await stationFor(p);
    await station.connect();
    await station.heartbeat(reading(60));
    await waitFor(() => machine(), (m) => m.status === 'online');
    expect((await station.requestVend(await nfcToken())).kind).toBe('authorized');

    await station.heartbeat(reading(720));
    const locked = await waitFor(() => machine(), (m) => m.status === 'locked');
    expect(locked.value.waterCheck).toMatchObject({ lockedFor: 'quality' });
    expect((await overview()).lock).toMatchObject({ reason: 'quality', detail: 'TDS 720 ppm (above 500 ppm)' });

    const denied = await station.requestVend(await nfcToken());
    expect(denied).toMatchObject({ kind: 'denied', message: {
      reason: 'station_locked',
      message: 'This station is closed for a water safety check. No money was taken. Please use another station.',
      messages: { id: 'Stasiun ini ditutup untuk pemeriksaan keamanan air. Tidak ada uang yang diambil. Silakan gunakan stasiun lain.' },
    } });
    // Safe readings do not unlock it by themselves, nor does the Edit Machine dialog.
    await station.heartbeat(reading(70));
    await waitFor(async () => (await workerServices()).machines.get(p.machine.id), (m) => m?.quality?.tdsPpm === 70);
    expect((await machine()).status).toBe('locked');
    const edit = await asAdmin(`/api/admin/machines/${p.machine.id}/update`, { method: 'PATCH', json: { name: 'Safety Test Station', location: 'Jl. Test 1, Denpasar, Bali', status: 'online' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(409);

    expect((await asAdmin(`/api/admin/machines/${p.machine.id}/safety/clear`, { method: 'POST', json: {} })).body).toMatchObject({ fields: { note: expect.any(String) } });
    const cleared = await asAdmin(`/api/admin/machines/${p.machine.id}/safety/clear`, { method: 'POST', json: { note: 'Replaced the RO membrane and flushed the tank' } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(Machine.parse(cleared.body)).toMatchObject({ status: 'online', waterCheck: { lockedFor: null } });
    expect((await overview()).records.map((r) => [r.kind, r.by.replace(/:.*/, '')]).slice(0, 2)).toEqual([['unlocked', 'admin'], ['locked', 'system']]);
    expect((await station.requestVend(await nfcToken())).kind).toBe('authorized');
  });

  it('records lab tests and sanitation visits; a failed test locks, a clear is refused (409) until a passing one; the public sees the dates', async () => {
    const q = await provision('Lab Test Station');
    const id = q.machine.id;
    const record = (json: unknown) => asAdmin(`/api/admin/machines/${id}/safety`, { method: 'POST', json });
    const sanitation = await record({ kind: 'sanitation', date: '2026-11-20', note: 'Tank, lines and nozzle' });
    expect(sanitation.status, JSON.stringify(sanitation.body)).toBe(201);
    expect(SafetyRecord.parse(sanitation.body)).toMatchObject({ kind: 'sanitation', date: '2026-11-20', by: expect.stringMatching(/^admin:/) });

    const failed = await record({ kind: 'labTest', date: '2026-11-21', result: 'fail', note: 'Coliforms found' });
    expect(failed.status).toBe(201);
    expect((await machine(id))).toMatchObject({ status: 'locked', waterCheck: { lockedFor: 'labTestFailed', lastLabTestResult: 'fail' } });
    const refused = await asAdmin(`/api/admin/machines/${id}/safety/clear`, { method: 'POST', json: { note: 'tried' } });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toMatch(/^The last lab test failed: record a passing one first/);

    expect((await record({ kind: 'labTest', date: '2026-11-22', result: 'pass' })).status).toBe(201);
    expect((await asAdmin(`/api/admin/machines/${id}/safety/clear`, { method: 'POST', json: { note: 'Disinfected and retested' } })).status).toBe(200);
    // Never connected: back to offline, not online.
    expect(await machine(id)).toMatchObject({ status: 'offline', waterCheck: { lastLabTestAt: '2026-11-22', lastLabTestResult: 'pass', lastSanitationAt: '2026-11-20', lockedFor: null } });
    const summary = await overview(id);
    expect(summary).toMatchObject({ lock: null, lastSanitationAt: '2026-11-20', lastLabTest: { at: '2026-11-22', result: 'pass' } });
    expect(summary.sanitationDueAt).toBe('2026-12-20T00:00:00.000Z');
    expect(summary.records.map((r) => r.kind)).toEqual(['unlocked', 'labTest', 'locked', 'labTest', 'sanitation']);

    const bad = await record({ kind: 'labTest', date: 'yesterday' });
    expect(bad.status).toBe(400);
    expect((bad.body as { fields: Record<string, string> }).fields).toMatchObject({ date: 'Enter a date (YYYY-MM-DD)', result: 'The result is pass or fail' });
    expect((await asAdmin('/api/admin/machines/HRL-99999/safety', { method: 'POST', json: { kind: 'sanitation', date: '2026-11-20' } })).status).toBe(404);
  });
});
