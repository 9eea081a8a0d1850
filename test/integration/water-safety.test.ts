import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Machine } from '@shared/schemas/machine';
import { SafetyOverview, SafetyRecord } from '@shared/schemas/water-safety';
import { asAdmin, repositories } from '../support/admin';
import { bearer, newAccount, signInAs } from '../support/auth';
import { smallPdf, tinyPng } from '../support/files';
import { apiFetch, local } from '../support/local';
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

/** Uploads a file for a lab test's report through the presigned POST, to the local S3 emulator as the browser does. */
async function uploadLabReport(stationId: string, bytes: Uint8Array, token?: string) {
  const headers = token ? bearer(token) : {};
  const presigned = token
    ? await apiFetch(`/api/admin/machines/${stationId}/safety/lab-report-uploads`, { method: 'POST', headers, json: { contentType: 'application/pdf', size: bytes.length } })
    : await asAdmin(`/api/admin/machines/${stationId}/safety/lab-report-uploads`, { method: 'POST', json: { contentType: 'application/pdf', size: bytes.length } });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
  const { url, fields, key } = presigned.body as { url: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), 'report.pdf');
  const posted = await fetch(new URL(url, local().web!), { method: 'POST', body: form });
  expect(posted.status, await posted.text()).toBeLessThan(300);
  return key;
}
const stored = (key: string) => fetch(`${local().storage.endpoint}/${local().storage.bucket}/${key}`);

describe("a lab test's PDF report", () => {
  it('goes straight to storage, is kept under the lab test, and comes back byte-identical through a short-lived link', async () => {
    const { machine: station } = await provision('Lab Report Station');
    const pdf = smallPdf();
    const key = await uploadLabReport(station.id, pdf);
    expect(key).toMatch(/^uploads\//);
    const recorded = await asAdmin(`/api/admin/machines/${station.id}/safety`, { method: 'POST', json: { kind: 'labTest', date: '2026-11-23', result: 'pass', note: 'Lab Denpasar, report 130', reportKey: key } });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    const record = SafetyRecord.parse(recorded.body);
    expect(record.labReport).toEqual({ bytes: pdf.length });
    // The upload itself is gone; the kept copy is under the record.
    expect((await stored(key)).status).toBe(404);
    expect((await stored(`lab-tests/${record.id}.pdf`)).status).toBe(200);
    expect((await overview(station.id)).records[0]).toMatchObject({ id: record.id, labReport: { bytes: pdf.length } });

    const link = await asAdmin(`/api/admin/machines/${station.id}/safety/${record.id}/lab-report`);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const { url, expiresAt } = link.body as { url: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect(new URL(url).pathname).toBe(`/${local().storage.bucket}/lab-tests/${record.id}.pdf`);

    // A technician records lab tests with their PDF and reads them too.
    const technician = await signInAs('technician');
    const techKey = await uploadLabReport(station.id, pdf, technician.token);
    const techRecord = await apiFetch(`/api/admin/machines/${station.id}/safety`, { method: 'POST', headers: bearer(technician.token), json: { kind: 'labTest', date: '2026-11-24', result: 'pass', reportKey: techKey } });
    expect(techRecord.status, JSON.stringify(techRecord.body)).toBe(201);
    expect(techRecord.body).toMatchObject({ by: expect.stringMatching(/^technician:/), labReport: { bytes: pdf.length } });
    expect((await apiFetch(`/api/admin/machines/${station.id}/safety/${record.id}/lab-report`, { headers: bearer(technician.token) })).status).toBe(200);
    // A user is refused every lab report route.
    const other = await newAccount('labreportuser');
    for (const [path, init] of [
      [`/api/admin/machines/${station.id}/safety/lab-report-uploads`, { method: 'POST', json: { contentType: 'application/pdf', size: 10 } }],
      [`/api/admin/machines/${station.id}/safety/${record.id}/lab-report`, {}],
    ] as const) {
      expect((await apiFetch(path, { ...init, headers: bearer(other.token) })).status, path).toBe(403);
    }
  });

  it('refuses a PNG renamed to .pdf with 400 and changes nothing, a missing upload, a key that is not an upload, a wrong type or size, and has no link for a test without a PDF', async () => {
    const { machine: station } = await provision('Lab Report Refusals');
    const before = await overview(station.id);
    const record = (json: unknown) => asAdmin(`/api/admin/machines/${station.id}/safety`, { method: 'POST', json });

    const pngKey = await uploadLabReport(station.id, tinyPng);
    const notPdf = await record({ kind: 'labTest', date: '2026-11-23', result: 'fail', reportKey: pngKey });
    expect(notPdf.status).toBe(400);
    expect(notPdf.body).toMatchObject({ message: 'The lab report is not a PDF file', fields: { reportKey: 'Not a PDF file' } });
    // Nothing recorded: no history, no lock from the failed result, no lab test on the station; the upload stays for its day.
    expect(await overview(station.id)).toEqual(before);
    expect((await machine(station.id)).status).not.toBe('locked');
    expect((await stored(pngKey)).status).toBe(200);

    const missing = await record({ kind: 'labTest', date: '2026-11-23', result: 'pass', reportKey: `uploads/${crypto.randomUUID()}` });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fields: { reportKey: 'Upload the PDF first' } });
    const notAnUpload = await record({ kind: 'labTest', date: '2026-11-23', result: 'pass', reportKey: 'lab-tests/someone-else.pdf' });
    expect(notAnUpload.status).toBe(400);
    expect(notAnUpload.body).toMatchObject({ fields: { reportKey: 'Not an uploaded PDF' } });
    expect(await overview(station.id)).toEqual(before);

    for (const [json, field] of [
      [{ contentType: 'image/png', size: 100 }, 'contentType'],
      [{ contentType: 'application/pdf', size: 5 * 1024 * 1024 + 1 }, 'size'],
      [{ contentType: 'application/pdf', size: 0 }, 'size'],
    ] as const) {
      const refused = await asAdmin(`/api/admin/machines/${station.id}/safety/lab-report-uploads`, { method: 'POST', json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys((refused.body as { fields: Record<string, string> }).fields)).toEqual([field]);
    }
    expect((await asAdmin('/api/admin/machines/HRL-99999/safety/lab-report-uploads', { method: 'POST', json: { contentType: 'application/pdf', size: 100 } })).status).toBe(404);

    const plain = await record({ kind: 'labTest', date: '2026-11-23', result: 'pass' });
    expect(plain.status).toBe(201);
    expect(plain.body.labReport).toBeUndefined();
    expect((await asAdmin(`/api/admin/machines/${station.id}/safety/${plain.body.id}/lab-report`)).status).toBe(404);
    expect((await asAdmin(`/api/admin/machines/${station.id}/safety/no-such-record/lab-report`)).status).toBe(404);
  });
});
